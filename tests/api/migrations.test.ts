import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { MigrationError, migrateDown, migrateToLatest } from '../../server/db/migrate.ts';
import { ScriptRepository } from '../../server/scripts/repository.ts';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { freePort, runEntry, STACK_LINE } from '../helpers/processes.ts';

const TABLES = ['scripts', 'script_channels', 'moderators', 'admins', 'sessions', 'site_channels', 'script_view_marks'];
const INITIAL = '20261122000000_initial';

async function tableNames(db: Db): Promise<string[]> {
  return (await db.kysely.introspection.getTables()).map((table) => table.name);
}

/** The substring index behind search: the FTS5 table on SQLite, the pg_trgm (and btree_gin) GIN index on PostgreSQL. */
async function hasSearchIndex(db: Db): Promise<boolean> {
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'scripts_search_facets_idx'`.execute(db.kysely);
    return rows[0]?.n === 1;
  }
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'scripts_search'`.execute(db.kysely);
  return rows[0]?.n === 1;
}

describe.each(dialects)('migrations on %s', (dialect) => {
  let throwaway: ThrowawayDatabase | undefined;
  let db: Db | undefined;

  afterEach(async () => {
    await db?.close();
    await throwaway?.drop();
    db = undefined;
    throwaway = undefined;
  });

  async function freshDatabase(): Promise<Db> {
    throwaway = await throwawayDatabase(dialect);
    db = openDatabase(throwaway.database);
    return db;
  }

  /** Steps down one migration at a time until none is left; answers the names in the order undone. */
  async function migrateAllDown(target: Db): Promise<string[]> {
    const undone: string[] = [];
    for (let step = await migrateDown(target); step.length > 0; step = await migrateDown(target)) undone.push(...step);
    return undone;
  }

  it('create every table and the search index on a fresh database', async () => {
    const fresh = await freshDatabase();
    expect(await tableNames(fresh)).not.toContain('scripts');

    const applied = await migrateToLatest(fresh);
    expect(applied[0]).toBe(INITIAL);
    expect([...applied].sort()).toEqual(applied);
    expect(await tableNames(fresh)).toEqual(expect.arrayContaining(TABLES));
    expect(await hasSearchIndex(fresh)).toBe(true);
  });

  it('do nothing when run again', async () => {
    const fresh = await freshDatabase();
    await migrateToLatest(fresh);
    const repository = new ScriptRepository(fresh);
    await repository.insert({ playsname: 'Kept', description: '', loadstring: 'print(1)', imageKey: null, ownerModeratorId: null, channels: [] });
    const before = await tableNames(fresh);

    expect(await migrateToLatest(fresh)).toEqual([]);
    expect(await tableNames(fresh)).toEqual(before);
    expect(await repository.count()).toBe(1);
  });

  it('undo the latest step and redo it', async () => {
    const fresh = await freshDatabase();
    const applied = await migrateToLatest(fresh);
    const latest = applied.at(-1);
    expect(await migrateDown(fresh)).toEqual([latest]);
    expect(await migrateToLatest(fresh)).toEqual([latest]);
    expect(await tableNames(fresh)).toEqual(expect.arrayContaining(TABLES));
  });

  it('go all the way down and up again, and search works afterwards', async () => {
    const fresh = await freshDatabase();
    const applied = await migrateToLatest(fresh);

    expect(await migrateAllDown(fresh)).toEqual([...applied].reverse());
    const afterDown = await tableNames(fresh);
    for (const table of TABLES) expect(afterDown).not.toContain(table);
    expect(await hasSearchIndex(fresh)).toBe(false);

    expect(await migrateToLatest(fresh)).toEqual(applied);
    expect(await tableNames(fresh)).toEqual(expect.arrayContaining(TABLES));
    expect(await hasSearchIndex(fresh)).toBe(true);

    const repository = new ScriptRepository(fresh);
    const base = { loadstring: 'print(1)', imageKey: null, ownerModeratorId: null, channels: [] };
    await repository.insert({ ...base, playsname: 'Автофарм для Brookhaven', description: 'Быстрый скрипт' });
    await repository.insert({ ...base, playsname: 'Blox Fruits Auto Farm', description: 'Levels up' });
    expect(await repository.count()).toBe(2);
    expect(await repository.count('АВТОФАРМ')).toBe(1);
    expect(await repository.count('fruits')).toBe(1);
    expect(await repository.count('быстрый')).toBe(1);
    expect(await repository.count('Ав')).toBe(1);
    expect(await repository.count('zzz-nothing')).toBe(0);
  });

  it('index the scripts already there when the search-facets step runs, and search as before once it is undone', async () => {
    const fresh = await freshDatabase();
    await migrateToLatest(fresh);
    const repository = new ScriptRepository(fresh);
    const base = { loadstring: 'print(1)', imageKey: null, ownerModeratorId: null, channels: [] };
    const game = await fresh.kysely
      .insertInto('games')
      .values({ name: 'Blox Fruits', name_key: 'blox fruits', slug: 'blox-fruits', place_id: null, icon_key: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const farm = await repository.insert({ ...base, playsname: 'Blox Fruits Auto Farm', description: 'Levels up' });
    await repository.insert({ ...base, playsname: 'Arsenal Auto Farm', description: 'Levels up' });
    await fresh.kysely.updateTable('scripts').set({ game_id: Number(game.id), key_system: 1 }).where('id', '=', farm.id).execute();
    const names = async (filter: { game?: string; key?: boolean }) =>
      (await repository.listCards({ limit: 10, offset: 0, q: 'auto farm', ...filter })).map((row) => row.playsname);

    // Undone, the indexes are as the step before left them (this code no longer reads that shape).
    // Later steps are undone first; this one is the last undone.
    const undone: string[] = [];
    while (!undone.includes('20261127000000_search_facets')) undone.push(...(await migrateDown(fresh)));
    expect(undone.at(-1)).toBe('20261127000000_search_facets');
    if (dialect === 'postgres') {
      const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes where indexname like 'scripts_search_%' order by 1`.execute(fresh.kysely);
      expect(rows.map((row) => row.name)).toEqual(['scripts_search_trgm_idx']);
    } else {
      await repository.insert({ ...base, playsname: 'Doors Auto Farm', description: '' });
      const { rows } = await sql<{ id: number }>`select rowid as id from scripts_search where scripts_search match '"auto farm"' order by 1`.execute(fresh.kysely);
      expect(rows).toHaveLength(3);
    }

    // Up again over rows written before it: their facts are read into the indexes.
    expect((await migrateToLatest(fresh))[0]).toBe('20261127000000_search_facets');
    expect(await names({ game: 'blox-fruits' })).toEqual(['Blox Fruits Auto Farm']);
    expect(await names({ key: false })).toEqual(dialect === 'postgres' ? ['Arsenal Auto Farm'] : ['Doors Auto Farm', 'Arsenal Auto Farm']);
    expect(await repository.count('au', { game: 'blox-fruits', key: true })).toBe(1);
    expect(await repository.count('fruits', { key: false })).toBe(0);
  });

  it('reject with a MigrationError naming the migration when a step fails', async () => {
    const fresh = await freshDatabase();
    await sql`create table moderators (clash integer)`.execute(fresh.kysely);

    const failure = migrateToLatest(fresh);
    await expect(failure).rejects.toBeInstanceOf(MigrationError);
    await expect(failure).rejects.toThrow(`Migration ${INITIAL} failed`);
    // Nothing else was created.
    expect(await tableNames(fresh)).not.toContain('scripts');
  });

  it('roll back a failed step whole, so a fixed database migrates cleanly', async () => {
    const fresh = await freshDatabase();
    // A clash on one of the last tables the initial step creates: everything before it must vanish too.
    await sql`create table site_channels (clash integer)`.execute(fresh.kysely);

    await expect(migrateToLatest(fresh)).rejects.toBeInstanceOf(MigrationError);
    expect((await tableNames(fresh)).filter((name) => TABLES.includes(name))).toEqual(['site_channels']);

    await sql`drop table site_channels`.execute(fresh.kysely);
    await migrateToLatest(fresh);
    expect(await tableNames(fresh)).toEqual(expect.arrayContaining(TABLES));
  });

  it('stop the real process with exit code 1 and a message, no stack trace', async () => {
    const fresh = await freshDatabase();
    await sql`create table moderators (clash integer)`.execute(fresh.kysely);
    await fresh.close();
    db = undefined;

    const exit = await runEntry({
      ...(throwaway?.env ?? {}),
      NODE_ENV: 'production',
      DEMO_CATALOGUE: 'off',
      PORT: String(await freePort()),
    });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain(`Migration ${INITIAL} failed`);
    expect(exit.stderr).toMatch(/already exists/);
    expect(exit.stderr).not.toMatch(STACK_LINE);
    expect(exit.stdout).not.toMatch(STACK_LINE);
  });
});

describe('a database the process cannot open', () => {
  it('stops with exit code 1 on a corrupt SQLite file, and leaves the file alone', async () => {
    const throwaway = await throwawayDatabase('sqlite');
    try {
      const file = path.join(throwaway.dataDir, 'catalogue.db');
      const garbage = Buffer.from('this is not a SQLite database\n'.repeat(300));
      fs.writeFileSync(file, garbage);

      const exit = await runEntry({ DATA_DIR: throwaway.dataDir, NODE_ENV: 'production', DEMO_CATALOGUE: 'off', PORT: String(await freePort()) });
      expect(exit.code).toBe(1);
      expect(exit.stderr).toMatch(/not a database/i);
      expect(exit.stderr).not.toMatch(STACK_LINE);
      expect(exit.stdout).not.toMatch(STACK_LINE);
      expect(fs.readFileSync(file).equals(garbage)).toBe(true);
    } finally {
      await throwaway.drop();
    }
  });

  it('stops with exit code 1 when PostgreSQL does not answer', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-test-'));
    try {
      const exit = await runEntry({
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/nowhere`,
        NODE_ENV: 'production',
        DEMO_CATALOGUE: 'off',
        PORT: String(await freePort()),
      });
      expect(exit.code).toBe(1);
      expect(exit.stderr).toMatch(/ECONNREFUSED/);
      expect(exit.stderr).not.toMatch(STACK_LINE);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
