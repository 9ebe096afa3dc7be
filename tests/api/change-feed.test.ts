import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueChange } from '../../server/db/catalogue-change.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { CuttableRelay } from '../helpers/relay.ts';
import { until } from '../helpers/wait.ts';

// The change feed between processes sharing a database (server/db/change-feed.ts), with two real
// connections to one database standing for two processes. The whole journey through real processes
// is tests/api/scale-out.test.ts.

describe.each(dialects)('the catalogue change feed on %s', (dialect) => {
  let throwaway: ThrowawayDatabase | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await throwaway?.drop();
    throwaway = undefined;
  });

  /** Two connections ("processes") to one fresh database; `heard` is what the second's listener got. */
  async function twoProcesses() {
    throwaway = await throwawayDatabase(dialect);
    const writer = openDatabase(throwaway.database);
    await migrateToLatest(writer);
    const reader = openDatabase(throwaway.database);
    const heard: CatalogueChange[] = [];
    const stop = await reader.changes.listen((change) => heard.push(change), () => undefined);
    cleanups.push(async () => {
      await stop();
      await reader.close();
      await writer.close();
    });
    return { writer, reader, heard };
  }
  const record = (db: Db, change: CatalogueChange) => db.kysely.transaction().execute((trx) => db.changes.record(trx, change));

  it('delivers another process’s committed changes in order, and never a rolled-back one', async () => {
    const { writer, heard } = await twoProcesses();
    await expect(
      writer.kysely.transaction().execute(async (trx) => {
        await writer.changes.record(trx, { kind: 'script', id: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await record(writer, { kind: 'script', id: 2 });
    await record(writer, { kind: 'site-channels' });
    await until('two changes', () => heard, (list) => list.length >= 2);
    expect(heard).toEqual([{ kind: 'script', id: 2 }, { kind: 'site-channels' }]);
  });

  it('does not hand a process its own changes back (its caches dropped them already)', async () => {
    const { writer, reader, heard } = await twoProcesses();
    await record(reader, { kind: 'script', id: 7 });
    await record(writer, { kind: 'script', id: 8 });
    await until('the other process’s change', () => heard, (list) => list.length >= 1);
    expect(heard).toEqual([{ kind: 'script', id: 8 }]);
  });

  if (dialect === 'sqlite') {
    it('keeps the newest 1,000 journal rows; a process that missed pruned ones drops everything', async () => {
      const { writer, heard } = await twoProcesses();
      // One transaction, so the listener cannot read between: it finds the rows it had not seen pruned.
      await writer.kysely.transaction().execute(async (trx) => {
        for (let id = 1; id <= 1_100; id += 1) await writer.changes.record(trx, { kind: 'script', id });
      });
      await until('the changes', () => heard, (list) => list.length > 0);
      expect(heard[0]).toEqual({ kind: 'all' });
      expect(heard.slice(1)).toEqual(Array.from({ length: 1_000 }, (_, index) => ({ kind: 'script', id: 101 + index })));
      const { count } = await writer.kysely.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      expect(Number(count)).toBe(1_000);
    });
  }

  if (dialect === 'postgres') {
    it('a listener whose connection is cut reconnects and drops everything it may have missed', async () => {
      const a: TestContext = await createTestContext('postgres');
      cleanups.push(() => a.close());
      const b = openDatabase(a.config.database);
      const heard: CatalogueChange[] = [];
      const errors: unknown[] = [];
      const stop = await b.changes.listen((change) => heard.push(change), (error) => errors.push(error));
      cleanups.push(async () => {
        await stop();
        await b.close();
      });
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN catalogue_changes'`.execute(a.db.kysely);
      await until('the loss to be reported', () => errors.length, (count) => count > 0);
      // Written while nobody listened: the reconnect announces that anything may have changed.
      await insertScript(a.services, { playsname: 'Written while the listener was away' });
      await until('the reconnect', () => heard, (list) => list.some((change) => change.kind === 'all'));
      await record(a.db, { kind: 'script', id: 99 });
      await until('a change after the reconnect', () => heard, (list) => list.some((change) => change.kind === 'script' && change.id === 99));
    });

    it('a listener that cannot reconnect for a while reconnects once, and holds no connection after stop', async () => {
      const a: TestContext = await createTestContext('postgres');
      cleanups.push(() => a.close());
      const relay = new CuttableRelay();
      await relay.open();
      const b = openDatabase({ kind: 'postgres', url: relay.through((a.config.database as { url: string }).url) });
      const heard: CatalogueChange[] = [];
      const errors: unknown[] = [];
      const stop = await b.changes.listen((change) => heard.push(change), (error) => errors.push(error));
      cleanups.push(async () => {
        await relay.cut();
        await b.close();
      });
      expect(relay.clients.size).toBe(1);
      // Hung up on for three reconnection delays: each failed try must schedule one next try, not two.
      relay.hangUp();
      await until('three failed reconnections', () => errors.length, (count) => count >= 4, 10_000);
      await relay.open();
      await until('the reconnect', () => heard, (list) => list.some((change) => change.kind === 'all'));
      await record(a.db, { kind: 'script', id: 7 });
      await until('a change after the reconnect', () => heard, (list) => list.some((change) => change.kind === 'script' && change.id === 7));
      // A second reconnection loop (each failed try scheduling two next ones) would hold a connection
      // that stop() does not know of, open for good.
      await stop();
      await until('no connection after stop', () => relay.clients.size, (size) => size === 0, 5_000);
    });
  }
});
