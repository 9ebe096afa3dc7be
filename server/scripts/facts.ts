import { badRequest } from '../shared/errors.ts';

/** The game a write names: an existing game's id (the demo seed), or a name or slug to resolve or create. */
export type GameChoice = { id: number } | { name: string };

/** A script's listing facts as stored. */
export interface StoredFacts {
  gameId: number | null;
  universal: boolean;
  keySystem: boolean;
  keyLink: string | null;
  patched: boolean;
  verified: boolean;
}

/** The facts a write sends: undefined keeps the stored value (or the default, on create); null clears. */
export interface FactChanges {
  game?: GameChoice | null | undefined;
  universal?: boolean | undefined;
  keySystem?: boolean | undefined;
  keyLink?: string | null | undefined;
  patched?: boolean | undefined;
  verified?: boolean | undefined;
}

/** What a new script starts from: no game, every flag off. */
export const NO_FACTS: StoredFacts = { gameId: null, universal: false, keySystem: false, keyLink: null, patched: false, verified: false };

export interface NextFacts {
  /** 'keep': the stored game; null: none; a choice: that game. */
  game: 'keep' | null | GameChoice;
  universal: boolean;
  keySystem: boolean;
  keyLink: string | null;
  patched: boolean;
  verified: boolean;
}

/**
 * The facts after a write, by the rules between them (docs/decisions/0013-games-and-script-facts.md#script-facts), checked against
 * the stored values: universal=true clears the game, and a game for a script that stays universal is
 * refused; keySystem=false clears the key link, and a key link for a script without a key system is
 * refused. A refusal is a 400 naming the field; nothing is written.
 */
export function nextFacts(current: StoredFacts, changes: FactChanges): NextFacts {
  const universal = changes.universal ?? current.universal;
  let game: NextFacts['game'] = changes.game === undefined ? 'keep' : changes.game;
  if (changes.universal === true) {
    if (game !== 'keep' && game !== null) throw badRequest('game: A universal script has no game', { game: 'A universal script has no game' });
    game = null;
  } else if (universal && game !== 'keep' && game !== null) {
    throw badRequest('game: A universal script has no game; send universal=false with it', { game: 'A universal script has no game' });
  }
  const keySystem = changes.keySystem ?? current.keySystem;
  let keyLink = changes.keyLink === undefined ? current.keyLink : changes.keyLink;
  if (!keySystem) {
    if (changes.keyLink) throw badRequest('keyLink: Key link needs a key system; send keySystem=true with it', { keyLink: 'Key link needs a key system' });
    keyLink = null;
  }
  return {
    game,
    universal,
    keySystem,
    keyLink,
    patched: changes.patched ?? current.patched,
    verified: changes.verified ?? current.verified,
  };
}

/** Stored flags are 0 or 1 on both databases. */
export const flag = (value: boolean): number => (value ? 1 : 0);

/** The stored facts of a script row. */
export function storedFacts(row: {
  game_id: number | null;
  universal: number;
  key_system: number;
  key_link: string | null;
  patched: number;
  verified: number;
}): StoredFacts {
  return {
    gameId: row.game_id === null ? null : Number(row.game_id),
    universal: Number(row.universal) === 1,
    keySystem: Number(row.key_system) === 1,
    keyLink: row.key_link,
    patched: Number(row.patched) === 1,
    verified: Number(row.verified) === 1,
  };
}
