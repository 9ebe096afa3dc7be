import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Game } from '../../../../contract/games.ts';
import { TABLE_PAGE_SIZE } from '../../../../contract/constants.ts';
import { tokens } from '../../staff/api/auth-storage.ts';
import { roleRequest, uploadRequest } from '../../staff/api/client.ts';
import { gameKeys, gamesQueryOptions, matchGames } from '../../staff/api/games.ts';
import { useListMutation } from '../../staff/api/mutation.ts';
import { type ListParams, scriptKeys } from '../../staff/api/scripts.ts';

/*
 * The admin's games (docs/product.md#admin-games): the list is GET /api/games, every game at once (a
 * catalogue has tens of them, not thousands), searched and paged here; the writes are admin only.
 */

/** One page of the games matching the search, as the staff lists page (TABLE_PAGE_SIZE a page). */
export function gamePage(games: readonly Game[], { page, q }: ListParams): { items: Game[]; total: number } {
  const found = q ? matchGames(games, q) : games;
  const start = (page - 1) * TABLE_PAGE_SIZE;
  return { items: found.slice(start, start + TABLE_PAGE_SIZE), total: found.length };
}

export function useGamePage(params: ListParams) {
  const { page, q } = params;
  const select = useCallback((games: Game[]) => gamePage(games, { page, q }), [page, q]);
  return useQuery({ ...gamesQueryOptions(), select });
}

export interface SaveGameInput {
  /** Absent: create; present: edit. */
  id?: number;
  form: FormData;
  onProgress?: (fraction: number) => void;
}

/** POST /api/games or PATCH /api/games/{id} as multipart (the icon goes only that way), with upload progress. */
export function saveGame({ id, form, onProgress }: SaveGameInput): Promise<unknown> {
  const path = id === undefined ? '/api/games' : `/api/games/${id}`;
  return uploadRequest(path, { method: id === undefined ? 'POST' : 'PATCH', token: tokens.get('admin'), form, onProgress });
}

export function deleteGame(id: number): Promise<unknown> {
  return roleRequest('admin', `/api/games/${id}`, { method: 'DELETE' });
}

// A game's name or deletion shows in the scripts' rows: their lists reload too.
export const useSaveGame = () => useListMutation(gameKeys.all, saveGame, [scriptKeys.all('admin')]);
export const useDeleteGame = () => useListMutation(gameKeys.all, deleteGame, [scriptKeys.all('admin')]);
