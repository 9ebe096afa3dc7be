import { type Kysely, sql } from 'kysely';
import { GAME_LIMITS, slugOf } from '../../contract/index.ts';
import type { Db, Dialect } from '../db/database.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { lockCounts, lockKeys } from '../db/locks.ts';
import { transact } from '../db/transact.ts';
import { foldSearchText } from '../db/search.ts';
import type { Database, GameRow } from '../db/types.ts';
import type { Within } from '../db/within.ts';

/** A game with how many scripts are for it. */
export type GameWithCount = GameRow & { scripts: number | string };

/**
 * The name as it is unique: folded like search text (NFC, lower case, ё as е) with runs of spaces as
 * one, so "Blox Fruits", "BLOX  FRUITS" and "blox fruits" are one game (docs/decisions/0013-games-and-script-facts.md#games).
 */
export function gameNameKey(name: string): string {
  return foldSearchText(name).replace(/\s+/g, ' ').trim();
}

/**
 * Every game write takes this lock first, in every process (an advisory lock on PostgreSQL; SQLite's
 * write lock): the name and slug checks and the insert then see no concurrent create, and a script
 * write that sets a game takes it before the script's row, in the same order as a game's delete.
 */
export async function lockGames(trx: Kysely<Database>, dialect: Dialect): Promise<void> {
  await lockKeys(trx, dialect, ['games']);
}

/** The first free slug of `base`, `base-2`, `base-3`…, each at most the slug limit (under lockGames). */
async function freeSlug(trx: Kysely<Database>, base: string, exceptId?: number): Promise<string> {
  let query = trx.selectFrom('games').select('slug').where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base.slice(0, 40)}%`)]));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const taken = new Set((await query.execute()).map((row) => row.slug));
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = `${base.slice(0, GAME_LIMITS.slugMax - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface NewGame {
  name: string;
  placeId: string | null;
  iconKey: string | null;
}

export interface GamePatch {
  name?: string | undefined;
  placeId?: string | null | undefined;
  /** A new icon's key, null to drop it, undefined to keep it. */
  iconKey?: string | null | undefined;
}

/** The outcome of a write that may meet another game's name. */
export type GameWrite = { row: GameRow; previousIconKey: string | null } | { conflict: 'name' } | undefined;

/**
 * Inserts a game inside `trx`, which holds lockGames: its slug is the name's (`-2`, `-3`… when taken);
 * a name with no letters or digits to make one from gets `game-<id>` (docs/decisions/0013-games-and-script-facts.md#games).
 */
export async function insertGame(trx: Kysely<Database>, changes: ChangeFeed, game: NewGame): Promise<GameRow> {
  const base = slugOf(game.name);
  // A name with no slug of its own is named after its id, known once the row exists.
  const provisional = base ? await freeSlug(trx, base) : `pending-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  let row = await trx
    .insertInto('games')
    .values({
      name: game.name,
      name_key: gameNameKey(game.name),
      slug: provisional,
      place_id: game.placeId,
      icon_key: game.iconKey,
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!base) {
    const slug = await freeSlug(trx, `game-${row.id}`);
    row = await trx.updateTable('games').set({ slug }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
  }
  await changes.record(trx, { kind: 'games' });
  return row;
}

/** A game by its folded name, or else by its slug (a name wins: it is what staff typed). */
export async function findGameByNameOrSlug(trx: Kysely<Database>, text: string): Promise<GameRow | undefined> {
  const byName = await trx.selectFrom('games').selectAll().where('name_key', '=', gameNameKey(text)).executeTakeFirst();
  if (byName) return byName;
  return trx.selectFrom('games').selectAll().where('slug', '=', text.trim().toLowerCase()).executeTakeFirst();
}

/**
 * The game a script form names, created when no game has that name or slug; inside `trx`, after
 * lockGames, so two forms naming one new game at once make one game. `created` says it was new.
 */
export async function resolveGame(trx: Kysely<Database>, changes: ChangeFeed, name: string): Promise<{ id: number; created: boolean }> {
  const existing = await findGameByNameOrSlug(trx, name);
  if (existing) return { id: Number(existing.id), created: false };
  const row = await insertGame(trx, changes, { name: name.trim(), placeId: null, iconKey: null });
  return { id: Number(row.id), created: true };
}

/** All SQL about games. */
export class GameRepository {
  constructor(private readonly db: Db) {}

  /** Every game with its script count, most scripts first, then by name. */
  async listWithCounts(): Promise<GameWithCount[]> {
    // The counts kept by triggers per game and flags (script_facets): a few rows per game, never a scan of scripts.
    const counts = this.db.reader
      .selectFrom('script_facets')
      .select(['game_id', (eb) => eb.fn.sum<number>('scripts').as('scripts')])
      .where('game_id', '!=', 0)
      .groupBy('game_id')
      .as('c');
    return this.db.reader
      .selectFrom('games')
      .leftJoin(counts, 'c.game_id', 'games.id')
      .selectAll('games')
      .select(sql<number>`coalesce(c.scripts, 0)`.as('scripts'))
      .orderBy('scripts', 'desc')
      .orderBy('games.name_key')
      .execute();
  }

  async findBySlug(slug: string): Promise<GameRow | undefined> {
    return this.db.kysely.selectFrom('games').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  async findById(id: number): Promise<GameRow | undefined> {
    return this.db.kysely.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** How many scripts are for the game. */
  async scriptCount(id: number): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('scripts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('game_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Creates a game; `{ conflict: 'name' }` when another game has the name in any case. */
  async create(game: NewGame, within?: Within<GameRow>): Promise<GameWrite> {
    return transact(this.db, async (trx) => {
      await lockGames(trx, this.db.dialect);
      if (await this.nameTaken(trx, game.name)) return { conflict: 'name' as const };
      const row = await insertGame(trx, this.db.changes, game);
      await within?.(trx, row);
      return { row, previousIconKey: null };
    });
  }

  /**
   * Applies the patch; the slug stays what it was (docs/decisions/0013-games-and-script-facts.md#games). Undefined for a missing
   * game. A patch that changes nothing writes nothing. Answers the icon key it replaced.
   */
  async update(id: number, patch: GamePatch, within?: Within<{ row: GameRow; before: GameRow }>): Promise<GameWrite> {
    return transact(this.db, async (trx) => {
      await lockGames(trx, this.db.dialect);
      const current = await trx.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) return undefined;
      if (patch.name !== undefined && (await this.nameTaken(trx, patch.name, id))) return { conflict: 'name' as const };
      const next = {
        name: patch.name ?? current.name,
        name_key: patch.name === undefined ? current.name_key : gameNameKey(patch.name),
        place_id: patch.placeId === undefined ? current.place_id : patch.placeId,
        icon_key: patch.iconKey === undefined ? current.icon_key : patch.iconKey,
      };
      if ((Object.keys(next) as (keyof typeof next)[]).every((key) => next[key] === current[key])) return { row: current, previousIconKey: current.icon_key };
      const row = await trx.updateTable('games').set(next).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      await this.db.changes.record(trx, { kind: 'games' });
      await within?.(trx, { row, before: current });
      return { row, previousIconKey: current.icon_key };
    });
  }

  /** Deletes the game; its scripts keep everything but the game. Answers the deleted row. */
  async delete(id: number, within?: Within<GameRow>): Promise<GameRow | undefined> {
    return transact(this.db, async (trx) => {
      // Its scripts leave the game's facets: the shared counts' lock first, then the games'.
      await lockCounts(trx, this.db.dialect);
      await lockGames(trx, this.db.dialect);
      // Said outright rather than left to the foreign key's ON DELETE SET NULL: the same on both databases.
      await trx.updateTable('scripts').set({ game_id: null }).where('game_id', '=', id).execute();
      const row = await trx.deleteFrom('games').where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) return undefined;
      await this.db.changes.record(trx, { kind: 'games' });
      await within?.(trx, row);
      return row;
    });
  }

  private async nameTaken(trx: Kysely<Database>, name: string, exceptId?: number): Promise<boolean> {
    let query = trx.selectFrom('games').select('id').where('name_key', '=', gameNameKey(name));
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }
}
