import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Game, gameListSchema } from '../../../../contract/games.ts';
import { apiRequest } from './client.ts';

/*
 * The games, as both panels read them (the script form's Game type-ahead, the admin's Games section):
 * GET /api/games, public, every game with its script count. The admin's writes are in
 * features/admin/api/games.ts and reload this list.
 */

export function getGames(signal?: AbortSignal): Promise<Game[]> {
  return apiRequest('/api/games', { schema: gameListSchema, signal });
}

export const gameKeys = { all: ['games'] as const };

export function gamesQueryOptions() {
  return queryOptions({ queryKey: gameKeys.all, queryFn: ({ signal }) => getGames(signal) });
}

export function useGames() {
  return useQuery(gamesQueryOptions());
}

/** A name folded as the server compares game names (docs/decisions/0013-games-and-script-facts.md#games): NFC, lower case, ё as е, one space between words. */
export function foldName(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** Games whose name or slug contains the typed text, those starting with it first; all of them for no text. */
export function matchGames(games: readonly Game[], typed: string, limit = Number.POSITIVE_INFINITY): Game[] {
  const needle = foldName(typed);
  if (!needle) return games.slice(0, limit);
  const starts: Game[] = [];
  const contains: Game[] = [];
  for (const game of games) {
    const name = foldName(game.name);
    if (name.startsWith(needle) || game.slug.startsWith(needle)) starts.push(game);
    else if (name.includes(needle) || game.slug.includes(needle)) contains.push(game);
  }
  return [...starts, ...contains].slice(0, limit);
}

/** The game with exactly this name (any case) or slug, if there is one. */
export function gameNamed(games: readonly Game[], typed: string): Game | undefined {
  const needle = foldName(typed);
  return needle ? games.find((game) => foldName(game.name) === needle || game.slug === needle) : undefined;
}

/** A suggestion of the script form's Game: an existing game, or the typed name as a new one. */
export type GameOption = { kind: 'game'; game: Game } | { kind: 'new'; name: string };

/** The suggestions for what is typed: up to `limit` matching games, then the text itself when no game has that name. */
export function gameOptions(games: readonly Game[], typed: string, limit = 8): GameOption[] {
  const options: GameOption[] = matchGames(games, typed, limit).map((game) => ({ kind: 'game', game }));
  const name = typed.trim();
  if (name && !gameNamed(games, name)) options.push({ kind: 'new', name });
  return options;
}
