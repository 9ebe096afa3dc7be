import type { Db } from '../../server/db/database.ts';
import type { Services } from '../../server/services.ts';

// Games and script facts written straight into the tables (the staff forms that write them are
// another part's; these tests are about the pages that read them), then every cached answer dropped.

export interface Facts {
  gameId?: number | null;
  universal?: boolean;
  keySystem?: boolean;
  keyLink?: string | null;
  patched?: boolean;
  verified?: boolean;
}

export async function insertGame(ctx: { db: Db; services: Services }, name: string, slug: string, icon: string | null = null): Promise<number> {
  const row = await ctx.db.kysely
    .insertInto('games')
    .values({ name, name_key: name.toLowerCase(), slug, place_id: null, icon_key: icon, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  ctx.services.cache.invalidate();
  return Number(row.id);
}

export async function setFacts(ctx: { db: Db; services: Services }, id: number, facts: Facts): Promise<void> {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  const values = {
    game_id: facts.gameId,
    universal: flag(facts.universal),
    key_system: flag(facts.keySystem),
    key_link: facts.keyLink,
    patched: flag(facts.patched),
    verified: flag(facts.verified),
  };
  const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  await ctx.db.kysely.updateTable('scripts').set(defined).where('id', '=', id).execute();
  ctx.services.cache.invalidate();
}
