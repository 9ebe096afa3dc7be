import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Capture, captureSnapshot } from '../../server/backup/capture.ts';
import { ArchiveError } from '../../server/backup/format.ts';
import { EXPANSION_FLOOR_BYTES, limitsFor, MAX_EXPANSION, MAX_LINE_BYTES, splitLines } from '../../server/backup/lines.ts';
import { readArchive, verifyArchive } from '../../server/backup/reader.ts';
import { restoreBackup, RestoreRefused } from '../../server/backup/restore.ts';
import { BackupScheduler, scheduleBackups } from '../../server/backup/scheduler.ts';
import { ensureRows, refreshPlatforms } from '../../server/executors/compatibility-writes.ts';
import { writeBackup } from '../../server/backup/writer.ts';
import { buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/shared/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { until } from '../helpers/wait.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects, type TestDialect, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { entryEnv } from '../helpers/processes.ts';
import { postReport } from '../helpers/reports.ts';
import { imageKeyOf, pngImage, scriptForm } from '../helpers/staff.ts';

// Backups (docs/decisions/0023-backups.md): `npm run backup` takes one snapshot while the site serves and
// writes; `npm run restore` loads it into an empty embedded or PostgreSQL database with every row and
// image as the snapshot had them, refuses a filled target without --force and a damaged archive, and
// changes nothing when it refuses. The server's scheduler keeps BACKUP_KEEP snapshots.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
let visitors = 0;
const visitor = () => `10.77.${Math.floor(++visitors / 250) % 250}.${(visitors % 250) + 1}`;

/** Every backed-up table's rows (as objects) and every referenced image, read through one snapshot. */
interface Dump {
  tables: Record<string, Record<string, unknown>[]>;
  images: Record<string, { detail: string; card: string }>;
  sequences: Record<string, number>;
}

async function dumpCapture(capture: Capture): Promise<Dump> {
  const tables: Dump['tables'] = {};
  for (const table of capture.snapshot.tables) {
    const rows: Record<string, unknown>[] = [];
    for await (const batch of capture.snapshot.rows(table)) {
      for (const row of batch) rows.push(Object.fromEntries(table.columns.map(([name], index) => [name, comparable(row[index])])));
    }
    tables[table.spec.name] = sortRows(rows);
  }
  const images: Dump['images'] = {};
  for await (const image of capture.images()) images[image.key] = { detail: image.detail, card: image.card };
  return { tables, images, sequences: await capture.snapshot.sequences() };
}

async function dump(config: Config): Promise<Dump> {
  const capture = await captureSnapshot(config);
  try {
    return await dumpCapture(capture);
  } finally {
    await capture.release();
  }
}

/** Timestamps compared to the millisecond (SQLite keeps no more); everything else as it is. */
function comparable(value: unknown): unknown {
  return typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value) ? new Date(value).toISOString() : value;
}

/** Text keys sort differently on the two databases: rows compared in one order. */
function sortRows(rows: Record<string, unknown>[]) {
  return rows.map((row) => [JSON.stringify(row), row] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

const storageOf = (dialect: TestDialect) => (dialect === 'sqlite' ? 'disk' : 'database');

async function target(dialect: TestDialect): Promise<{ throwaway: ThrowawayDatabase; config: Config; env: Record<string, string> }> {
  const throwaway = await throwawayDatabase(dialect);
  const env = { ...throwaway.env, IMAGE_STORAGE: storageOf(dialect) };
  return { throwaway, env, config: loadConfig({ NODE_ENV: 'test', DEMO_CATALOGUE: 'off', ...env }) };
}

/** Runs a CLI (cli/backup.ts, cli/restore.ts) as `npm run` does, with only `env` set. */
function runCli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('cli', script), ...args], { env: entryEnv({ NODE_ENV: 'production', ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe.each(dialects)('backups of a %s catalogue', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;
  let work: string;
  const targets: { throwaway: ThrowawayDatabase }[] = [];

  const create = async (account: Account, name: string, extra: Record<string, string> = {}) => {
    const form = scriptForm({ playsname: name, description: `About ${name}`, loadstring: `loadstring(game:HttpGet("https://cdn.example/${name.length}.lua"))()`, channels: ['https://t.me/backup_news'], image: await pngImage() });
    for (const [field, value] of Object.entries(extra)) form.append(field, value);
    const response = await injectAs(ctx, account, { method: 'POST', url: account === moderator ? '/api/m' : '/api/ac', payload: form as unknown as string });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; image: string };
  };
  const vote = (id: number, value: 'like' | 'dislike', ip = visitor()) =>
    ctx.app.inject({ method: 'POST', url: `/api/scripts/${id}/vote`, remoteAddress: ip, headers: { 'user-agent': BROWSER, 'content-type': 'application/json' }, payload: JSON.stringify({ value }) });
  const as = (account: Account, method: 'POST' | 'DELETE' | 'PATCH', url: string, payload?: unknown) =>
    injectAs(ctx, account, { method, url, ...(payload === undefined ? {} : { payload: payload as string }) });

  /** Something in every backed-up table: staff, games (an icon), scripts (images, channels, a game, a hidden one, a deleted one), votes, views, runs, empty searches, reports, the log, domains, site channels, executors and a script's compatibility. */
  async function seed() {
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
    const icon = new FormData();
    icon.append('name', 'Backup Game');
    icon.append('icon', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'icon.png');
    expect((await as(admin, 'POST', '/api/games', icon)).statusCode).toBe(201);
    const scripts = [await create(admin, 'Seeded one', { game: 'Backup Game', keySystem: 'true', keyLink: 'https://keys.example/k' }), await create(moderator, 'Seeded two'), await create(admin, 'Seeded three', { universal: 'true' })];
    const gone = await create(admin, 'Deleted before the backup');
    expect((await as(admin, 'DELETE', `/api/ad/${gone.id}`)).statusCode).toBe(200);
    expect((await as(admin, 'POST', `/api/scripts/${scripts[2]!.id}/visibility`, { hidden: true })).statusCode).toBe(200);
    expect((await as(admin, 'POST', '/api/site-channels', { name: 'Backup channel', url: 'https://t.me/backup_channel' })).statusCode).toBe(201);
    expect((await as(admin, 'POST', '/api/blocked-domains', { domain: 'blocked-backup.example', trusted: false })).statusCode).toBe(201);
    expect((await postReport(ctx, scripts[0]!.id, { reason: 'spam', details: 'Reported before the backup' })).statusCode).toBe(201);
    for (const script of scripts.slice(0, 2)) {
      expect((await vote(script.id, 'like')).statusCode).toBe(200);
      await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}`, remoteAddress: visitor(), headers: { 'user-agent': BROWSER } });
    }
    await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?q=nothing%20like%20this', remoteAddress: visitor(), headers: { 'user-agent': BROWSER } });
    // A run of a raw loader (issue 38; these scripts are gated, so counted as /raw would): runs per day are backed up, the day's marks are not.
    expect(ctx.services.runs.record(scripts[1]!.id, { ip: visitor(), userAgent: 'Roblox/WinInet' })).toBe(true);
    await seedCompatibility(scripts[0]!.id);
    await ctx.services.votes.flush();
    await ctx.services.views.flush();
    await ctx.services.runs.flush();
    return scripts;
  }

  /**
   * An executor (through the admin's route), the script tested with it, one visitor's answer on it (written
   * as the vote flush would) and so its executor_facets row.
   */
  async function seedCompatibility(scriptId: number) {
    const made = await as(admin, 'POST', '/api/executors', { name: 'Backup Executor', platforms: ['windows', 'android'], status: 'working', version: '1.0', website: 'https://executor.example', free: true });
    expect(made.statusCode, made.body).toBe(201);
    const executorId = (made.json() as { id: number }).id;
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await ensureRows(trx, [{ scriptId, executorId }]);
      await trx.insertInto('script_executor_votes').values({ script_id: scriptId, executor_id: executorId, visitor_hash: 'b'.repeat(64), works: 1, works_at: Date.now() }).execute();
      await trx.updateTable('script_executors').set({ tested: 1, works_yes: 1 }).where('script_id', '=', scriptId).where('executor_id', '=', executorId).execute();
      await refreshPlatforms(trx, [scriptId]);
    });
    // A script type (the admin's route) the script has, so script_type_links and type_facets have rows too.
    const type = await as(admin, 'POST', '/api/types', { name: 'Backup Type', nameRu: 'Тип копии', slug: 'backup-type' });
    expect(type.statusCode, type.body).toBe(201);
    const edited = await as(admin, 'PATCH', `/api/update-script/${scriptId}`, { types: ['backup-type'] });
    expect(edited.statusCode, edited.body).toBe(200);
    ctx.services.cache.invalidate();
  }

  let seeded: { id: number; image: string }[];

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { IMAGE_STORAGE: storageOf(dialect) } });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-backup-'));
    seeded = await seed();
  });
  afterAll(async () => {
    for (const entry of targets) await entry.throwaway.drop();
    await ctx?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a backup taken during creates and votes restores into a fresh SQLite and PostgreSQL database as the snapshot was, every row and image', async () => {
    const doomed = await create(admin, 'Deleted right after the snapshot');
    let writing = true;
    let written = 0;
    // Creates (with images) and votes through the app for as long as the backup runs.
    const traffic = (async () => {
      while (writing) {
        const made = await create(admin, `Written during the backup ${(written += 1)}`);
        await Promise.all([vote(made.id, 'like'), vote(seeded[0]!.id, 'dislike'), vote(seeded[1]!.id, 'like')]);
        await ctx.services.votes.flush();
      }
    })();

    let atSnapshot: Dump | undefined;
    const archive = path.join(work, 'during-writes.jsonl.gz');
    const backup = writeBackup(ctx.config, archive, {
      onSnapshot: async (capture) => {
        atSnapshot = await dumpCapture(capture);
        // Writes that commit while the snapshot is held: the archive must not see them, and must keep what they remove.
        expect((await as(admin, 'DELETE', `/api/ad/${doomed.id}`)).statusCode).toBe(200);
        expect((await as(admin, 'PATCH', `/api/update-script/${seeded[1]!.id}`, { playsname: 'Renamed after the snapshot' })).statusCode).toBe(200);
        await create(admin, 'Created after the snapshot');
      },
    }).finally(() => (writing = false));
    // Both settle before anything is judged: the traffic stops once the backup ends, whichever way.
    const [backedUp, wrote] = await Promise.allSettled([backup, traffic]);
    if (wrote.status === 'rejected') throw wrote.reason;
    if (backedUp.status === 'rejected') throw backedUp.reason;
    const summary = backedUp.value;
    expect(written).toBeGreaterThan(0);

    const snapshot = atSnapshot!;
    // The snapshot held a row of every backed-up table, the doomed script and its image, which the source has lost since.
    expect(Object.keys(snapshot.tables)).toEqual(expect.arrayContaining(['scripts', 'script_executors', 'executor_facets', 'audit_log']));
    for (const [table, rows] of Object.entries(snapshot.tables)) expect(rows.length, table).toBeGreaterThan(0);
    const doomedKey = imageKeyOf(doomed.image);
    expect(snapshot.tables.scripts!.some((row) => row.id === doomed.id)).toBe(true);
    expect(Object.keys(snapshot.images)).toContain(doomedKey);
    const now = await dump(ctx.config);
    expect(Object.keys(now.images)).not.toContain(doomedKey);
    expect(now.tables.scripts).not.toEqual(snapshot.tables.scripts);
    expect(summary.tables.scripts).toBe(snapshot.tables.scripts!.length);
    expect(summary.images).toBe(Object.keys(snapshot.images).length);

    const answers: unknown[] = [];
    for (const into of dialects) {
      const restored = await target(into);
      targets.push(restored);
      await restoreBackup(restored.config, archive);
      const back = await dump(restored.config);
      expect(back.tables, `tables restored into ${into}`).toEqual(snapshot.tables);
      expect(back.images, `images restored into ${into}`).toEqual(snapshot.images);
      // Ids deleted on the source are never handed out again.
      for (const [table, last] of Object.entries(snapshot.sequences)) expect(back.sequences[table], table).toBeGreaterThanOrEqual(last);
      answers.push(await publicAnswers(restored.config, seeded.map((script) => script.id)));
    }
    // The same catalogue through the API, whichever database it was restored into.
    if (answers.length > 1) expect(answers[1]).toEqual(answers[0]);
  }, 30_000);

  it('restore refuses a filled target without --force and changes nothing; --force replaces it, and the site answers as the source', async () => {
    const first = path.join(work, 'first.jsonl.gz');
    await writeBackup(ctx.config, first);
    const restored = await target(dialect);
    targets.push(restored);
    await restoreBackup(restored.config, first);

    await create(admin, 'Added after the first backup');
    const second = path.join(work, 'second.jsonl.gz');
    await writeBackup(ctx.config, second);
    const before = await dump(restored.config);
    const refused = await restoreBackup(restored.config, second).then(() => undefined, (caught: unknown) => caught);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toMatch(/^The target database already holds a catalogue \(.*scripts: \d+.*\)\. Restore into an empty database, or add --force to replace it/);
    expect(await dump(restored.config)).toEqual(before);

    await restoreBackup(restored.config, second, { force: true });
    const source = await dump(ctx.config);
    const replaced = await dump(restored.config);
    expect(replaced.tables).toEqual(source.tables);
    expect(replaced.images).toEqual(source.images);
    const ids = source.tables.scripts!.map((row) => Number(row.id));
    // Both through a new app: the source's running one may answer from its cache (at most a minute old).
    const answers = await publicAnswers(restored.config, ids);
    expect(answers).toEqual(await publicAnswers(ctx.config, ids));
    expect(totalOf(answers, 'q=seeded')).toBeGreaterThan(0);
    // The executor came back with its counts: the compatibility rows and executor_facets were restored.
    expect((answers as { url: string; status: number; body: unknown }[]).find((answer) => answer.url === '/api/executors/backup-executor')).toMatchObject({ status: 200, body: { scripts: 1, tested: 1 } });
  }, 20_000);

  it('a cut, damaged or altered archive is refused with a clear message and changes nothing, even with --force', async () => {
    const archive = path.join(work, 'good.jsonl.gz');
    await writeBackup(ctx.config, archive);
    const restored = await target(dialect);
    targets.push(restored);
    await restoreBackup(restored.config, archive);
    const before = await dump(restored.config);
    const bytes = fs.readFileSync(archive);
    const lines = gunzipSync(bytes).toString('utf8').split('\n');
    const row = lines.findIndex((line) => line.includes('"Seeded one"'));
    const altered = lines.map((line, index) => (index === row ? line.replace('"Seeded one"', '"Seeded 0ne"') : line)).join('\n');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    const cases: [string, Buffer, RegExp][] = [
      ['cut in half', bytes.subarray(0, Math.floor(bytes.length / 2)), /^The archive is incomplete/],
      ['cut at a line end', gzipSync(lines.slice(0, -3).join('\n') + '\n'), /^The archive is incomplete: it stops before its end record/],
      ['a flipped byte', flipped, /^The archive is (damaged|incomplete)/],
      ['a row altered', gzipSync(altered), /^The archive is damaged: its checksum does not match/],
      ['not an archive', Buffer.from('just some text\n'), /^This is not a catalogue backup/],
      ['another JSON file', gzipSync('{"type":"header","format":"something else"}\n'), /^This is not a catalogue backup/],
    ];
    for (const [name, content, message] of cases) {
      const file = path.join(work, `bad-${name.replace(/\W+/g, '-')}.jsonl.gz`);
      fs.writeFileSync(file, content);
      const error = await restoreBackup(restored.config, file, { force: true }).then(() => undefined, (caught: unknown) => caught);
      expect(error, name).toBeInstanceOf(ArchiveError);
      expect((error as Error).message, name).toMatch(message);
    }
    expect(await dump(restored.config)).toEqual(before);

    // An empty target is not even migrated.
    const empty = await target(dialect);
    targets.push(empty);
    await expect(restoreBackup(empty.config, path.join(work, 'bad-cut-in-half.jsonl.gz'))).rejects.toBeInstanceOf(ArchiveError);
    if (empty.config.database.kind === 'sqlite') expect(fs.existsSync(empty.config.database.file)).toBe(false);
    else expect(await tableCount(empty.config)).toBe(0);
  }, 20_000);
});

describe('npm run backup and npm run restore, as processes', () => {
  let ctx: TestContext;
  let work: string;
  let restored: Awaited<ReturnType<typeof target>> | undefined;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-backup-cli-'));
    const admin = await createAdmin(ctx);
    for (const name of ['Moved one', 'Moved two']) {
      const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/ac', payload: scriptForm({ playsname: name, description: 'Moved', loadstring: 'print(1)', image: await pngImage() }) as unknown as string });
      expect(response.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await restored?.throwaway.drop();
    await ctx?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(`move the embedded catalogue into ${dialects.at(-1)} (images into ${storageOf(dialects.at(-1)!)} storage), and refuse to load it twice`, async () => {
    const file = path.join(work, 'moved.jsonl.gz');
    const backedUp = await runCli('backup.ts', [file], { DATA_DIR: ctx.config.dataDir });
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toMatch(/^Backup written to .*moved\.jsonl\.gz: 2 scripts, \d+ rows in \d+ tables, 2 images/);

    restored = await target(dialects.at(-1)!);
    const loaded = await runCli('restore.ts', [file], restored.env);
    expect(loaded.code, loaded.stderr).toBe(0);
    expect(loaded.stdout).toMatch(/^Restored 2 scripts, \d+ rows and 2 images into /);
    const source = await dump(ctx.config);
    const moved = await dump(restored.config);
    expect(moved.tables).toEqual(source.tables);
    expect(moved.images).toEqual(source.images);
    const ids = source.tables.scripts!.map((row) => Number(row.id));
    const answers = await publicAnswers(restored.config, ids);
    expect(answers).toEqual(await publicAnswers(ctx.config, ids));
    expect(totalOf(answers, 'q=mo')).toBe(2);

    const before = await dump(restored.config);
    const again = await runCli('restore.ts', [file], restored.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Restore refused: The target database already holds a catalogue \(.*scripts: 2.*\)\. Restore into an empty database, or add --force to replace it\. Nothing was changed\.\n$/);
    expect(again.stderr).not.toMatch(/\s+at\s/);
    expect(await dump(restored.config)).toEqual(before);
  }, 20_000);
});

/** Public answers a visitor reads (no User-Agent: no view is counted), from a new app on `config`'s database. */
async function publicAnswers(config: Config, ids: number[]): Promise<unknown[]> {
  const db = openDatabase(config.database);
  const app = await buildApp({ config, db, web: { kind: 'none' }, logger: false });
  try {
    // Searches (long and two-letter words: the trigram and gram indexes the triggers rebuilt), a filter and its totals.
    const lists = ['limit=100', 'limit=100&sort=popular', 'q=seeded', 'q=mo', 'game=backup-game', 'universal=true'].map((query) => `/api/scripts/paginated?${query}`);
    const urls = [...lists, '/api/games', '/api/site-channels', '/api/executors', '/api/executors/backup-executor', '/api/types', '/api/types/backup-type', ...ids.map((id) => `/api/scripts/${id}`)];
    const answers = [];
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url });
      answers.push({ url, status: response.statusCode, body: response.json() as unknown });
    }
    return answers;
  } finally {
    await app.close();
    await db.close();
  }
}

/** The `total` of the list answer whose query holds `query`. */
function totalOf(answers: unknown[], query: string): number {
  const answer = (answers as { url: string; body: { total?: number } }[]).find((entry) => entry.url.endsWith(`?${query}`));
  return answer?.body.total ?? -1;
}

async function tableCount(config: Config): Promise<number> {
  const db = openDatabase(config.database);
  try {
    const tables = await db.kysely.introspection.getTables();
    return tables.length;
  } finally {
    await db.close();
  }
}

describe('the scheduled snapshots of the embedded database', () => {
  let ctx: TestContext;
  const hour = 60 * 60 * 1000;
  const start = Date.UTC(2026, 10, 27, 3, 0, 0);
  const log = { info: () => undefined, error: () => undefined };

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    await ctx.services.scripts.insert({ playsname: 'Snapshotted', description: '', loadstring: 'print(1)', imageKey: null, ownerModeratorId: null, channels: [] });
  });
  afterAll(async () => ctx?.close());

  const scheduler = (clock: { at: number }, options: { keep?: number; intervalMs?: number } = {}) =>
    new BackupScheduler({
      dir: ctx.config.backupDir,
      keep: options.keep ?? 2,
      intervalMs: options.intervalMs ?? hour,
      write: (file, signal) => writeBackup(ctx.config, file, { signal }),
      log,
      now: () => clock.at,
    });
  const listing = () => (fs.existsSync(ctx.config.backupDir) ? fs.readdirSync(ctx.config.backupDir).sort() : []);

  it('takes nothing with an interval of 0: the server starts no scheduler and a look writes nothing', async () => {
    const off = loadConfig({ ...ctx.config.database.kind === 'sqlite' ? { DATA_DIR: ctx.config.dataDir } : {}, BACKUP_INTERVAL_HOURS: '0' });
    expect(off.backupIntervalMs).toBe(0);
    expect(scheduleBackups(off, log)).toBeUndefined();
    expect(await scheduler({ at: start }, { intervalMs: 0 }).runIfDue()).toBe('off');
    expect(listing()).toEqual([]);
    expect(loadConfig({}).backupKeep).toBe(7);
    expect(loadConfig({}).backupIntervalMs).toBe(24 * hour);
  });

  it('writes a snapshot when one is due, one process at a time, and keeps the newest BACKUP_KEEP', async () => {
    const clock = { at: start };
    const first = scheduler(clock);
    expect(await first.runIfDue()).toBe('written');
    clock.at += hour / 2;
    expect(await first.runIfDue()).toBe('not-due');
    // Two processes look at once: one writes, the other finds the lock taken or the snapshot written.
    clock.at = start + hour;
    const runs = await Promise.all([first.runIfDue(), scheduler(clock).runIfDue()]);
    expect(runs.filter((run) => run === 'written')).toHaveLength(1);
    clock.at = start + 2 * hour;
    expect(await first.runIfDue()).toBe('written');
    expect(listing()).toEqual(['catalogue-2026-11-27T04-00-00Z.jsonl.gz', 'catalogue-2026-11-27T05-00-00Z.jsonl.gz']);
    // A whole archive each: it restores.
    const restored = await target('sqlite');
    try {
      await restoreBackup(restored.config, path.join(ctx.config.backupDir, 'catalogue-2026-11-27T05-00-00Z.jsonl.gz'));
      expect((await dump(restored.config)).tables.scripts?.map((row) => row.playsname)).toEqual(['Snapshotted']);
    } finally {
      await restored.throwaway.drop();
    }
  });

  it('leaves it to the process holding the lock, takes over a dead holder’s lock, and keeps no half-written file', async () => {
    const clock = { at: start + 3 * hour };
    const lock = path.join(ctx.config.backupDir, '.lock');
    fs.writeFileSync(lock, `${process.pid}\n`);
    expect(await scheduler(clock).runIfDue()).toBe('busy');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    fs.writeFileSync(lock, `${dead}\n`);
    expect(await scheduler(clock).runIfDue()).toBe('written');
    expect(fs.existsSync(lock)).toBe(false);

    clock.at += hour;
    const before = listing();
    const failing = new BackupScheduler({
      dir: ctx.config.backupDir,
      keep: 2,
      intervalMs: hour,
      log,
      now: () => clock.at,
      // The archive fails once its tables are written: the temporary file holds them, the snapshot name never appears.
      write: (file) =>
        writeBackup(ctx.config, file, {
          onSnapshot: async (capture) => {
            capture.images = async function* () {
              // The tables are written: the temporary file exists (its stream opens asynchronously).
              await until('the temporary archive to exist', listing, (names) => names.some((name) => name.endsWith('.tmp')), 10_000);
              yield* [];
              throw new Error('disk full');
            };
          },
        }),
    });
    await expect(failing.runIfDue()).rejects.toThrow('disk full');
    expect(listing()).toEqual(before);
  });
});

/** An archive of `lines` (the header first, then records), its end record counting `rows` rows of search_misses and its checksum right. */
function archiveOf(body: string[], rows: number): Buffer {
  const header = JSON.stringify({ type: 'header', format: 'script-catalogue-backup', version: 1, migration: null, createdAt: new Date(0).toISOString(), source: { database: 'sqlite', imageStorage: 'disk' } });
  const text = [header, JSON.stringify({ type: 'table', name: 'search_misses', columns: [['query', 'text']] }), ...body].map((line) => `${line}\n`).join('');
  const sha256 = createHash('sha256').update(text).digest('hex');
  return gzipSync(`${text}${JSON.stringify({ type: 'end', tables: { search_misses: rows }, images: 0, missingImages: [], sha256 })}\n`);
}

/** A row of exactly `bytes` bytes, newline not counted. */
const rowOfBytes = (bytes: number) => JSON.stringify(['q'.repeat(bytes - 4)]);

/** 64 MB of one line without a newline after a header: gzip makes it about 66 KB. */
const HEADER_LINE = JSON.stringify({ type: 'header', format: 'script-catalogue-backup', version: 1, migration: null, createdAt: new Date(0).toISOString(), source: { database: 'sqlite', imageStorage: 'disk' } });
const endlessLine = () => gzipSync(Buffer.concat([Buffer.from(`${HEADER_LINE}\n`), Buffer.alloc(64 * 1024 * 1024, 'x')]));

// Issue 36, item 5: a 66 KB archive of one 64 MB line hung restore (more than 120 s, 614 MB): the
// reader joined and split the unfinished line again for every chunk, and nothing capped a line.
describe('archives with long lines', () => {
  let work: string;
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-long-lines-'));
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  const write = (name: string, content: Buffer) => {
    const file = path.join(work, name);
    fs.writeFileSync(file, content);
    return file;
  };

  it('a 64 MB line without a newline is refused once the bound is passed, having read at most one chunk more', async () => {
    const file = write('endless.jsonl.gz', endlessLine());
    expect(fs.statSync(file).size).toBeLessThan(100 * 1024);
    const counts = { decompressed: 0, scanned: 0 };
    const error = await verifyArchive(file, { counts }).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as Error).message).toBe('The archive is damaged: line 2 is longer than 16 MB, more than any record a backup writes');
    // gunzip hands out 16 KiB chunks: the header, the bound, and the chunk that passed it.
    expect(counts.decompressed).toBeLessThanOrEqual(HEADER_LINE.length + 1 + MAX_LINE_BYTES + 16 * 1024);
    expect(counts.scanned).toBe(counts.decompressed);
  }, 20_000);

  it('a line of exactly the bound is read; one byte more is refused, naming its line', async () => {
    const atBound = write('at-bound.jsonl.gz', archiveOf(['["short"]', rowOfBytes(MAX_LINE_BYTES)], 2));
    await expect(verifyArchive(atBound)).resolves.toMatchObject({ end: { tables: { search_misses: 2 } } });
    const rows: number[] = [];
    for await (const item of readArchive(atBound)) if (item.type === 'row') rows.push(String(item.row[0]).length);
    expect(rows).toEqual([5, MAX_LINE_BYTES - 4]);
    const over = write('over-bound.jsonl.gz', archiveOf(['["short"]', rowOfBytes(MAX_LINE_BYTES + 1)], 2));
    await expect(verifyArchive(over)).rejects.toThrow(/^The archive is damaged: line 4 is longer than 16 MB/);
  }, 20_000);

  it('one line in many short chunks is scanned once, byte by byte, not again for every chunk', async () => {
    const chunks = 200_000;
    async function* pieces() {
      for (let index = 0; index < chunks; index += 1) yield Buffer.alloc(50, 'a');
      yield Buffer.from('\nlast');
    }
    const counts = { decompressed: 0, scanned: 0 };
    const lines: number[] = [];
    for await (const line of splitLines(pieces(), limitsFor(1), counts)) lines.push(line.length);
    expect(lines).toEqual([chunks * 50, 4]);
    expect(counts).toEqual({ decompressed: chunks * 50 + 5, scanned: chunks * 50 + 5 });
  }, 20_000);

  it('an archive that unpacks to far more than its size could hold (a gzip bomb) is refused once past the bound', async () => {
    expect(limitsFor(1_000_000)).toEqual({ maxLineBytes: MAX_LINE_BYTES, maxTotalBytes: EXPANSION_FLOOR_BYTES + MAX_EXPANSION * 1_000_000 });
    // Valid rows by the million compress about 1,000 times; the bound is lowered so the test reads little.
    const file = write('bomb.jsonl.gz', archiveOf(Array.from({ length: 4_000_000 }, () => '["b"]'), 4_000_000));
    const counts = { decompressed: 0, scanned: 0 };
    const limits = { maxLineBytes: MAX_LINE_BYTES, maxTotalBytes: 4 * 1024 * 1024 };
    await expect(verifyArchive(file, { limits, counts })).rejects.toThrow('The archive is damaged: it unpacks to more than 4 MB, far more than its compressed size holds in any backup (a gzip bomb?)');
    expect(counts.decompressed).toBeLessThanOrEqual(limits.maxTotalBytes + 16 * 1024);
  }, 20_000);

  describe.each(dialects)('npm run restore on %s', (dialect) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(dialect);
      await ctx.services.scripts.insert({ playsname: 'Kept through a refusal', description: '', loadstring: 'print(1)', imageKey: null, ownerModeratorId: null, channels: [] });
    });
    afterAll(async () => ctx?.close());

    it('refuses the 64 MB line in seconds with a one-line reason naming the line, exit code 1, the catalogue untouched even with --force', async () => {
      const file = write(`endless-${dialect}.jsonl.gz`, endlessLine());
      const before = await dump(ctx.config);
      const env: Record<string, string> = { DATA_DIR: ctx.config.dataDir, ...(ctx.config.database.kind === 'postgres' ? { DATABASE_URL: ctx.config.database.url } : {}) };
      const refused = await runCli('restore.ts', [file, '--force'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe('Restore refused: The archive is damaged: line 2 is longer than 16 MB, more than any record a backup writes. Nothing was changed.\n');
      expect(await dump(ctx.config)).toEqual(before);
      expect(before.tables.scripts?.map((row) => row.playsname)).toEqual(['Kept through a refusal']);
    }, 30_000);
  });
});
