import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { GameRow } from '../db/types.ts';

/** A game with how many scripts are for it. */
export type GameWithCount = GameRow & { scripts: number | string };

/** All SQL about games. */
export class GameRepository {
  constructor(private readonly db: Db) {}

  /** Every game with its script count (one pass over the game index), most scripts first, then by name. */
  async listWithCounts(): Promise<GameWithCount[]> {
    const counts = this.db.reader
      .selectFrom('scripts')
      .select(['game_id', (eb) => eb.fn.countAll<number>().as('scripts')])
      .where('game_id', 'is not', null)
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
}
