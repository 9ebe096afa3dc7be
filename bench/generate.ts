import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { foldSearchText, searchTextOf } from '../server/db/search.ts';
import type { NewScriptRow } from '../server/db/types.ts';
import { seededRandom } from '../tools/seeded-random.ts';

const ROWS_PER_INSERT = 500; // 10 columns → 5,000 bound values, far below SQLite's 32,766
const ROWS_PER_TRANSACTION = 50_000;

/** The search terms the benchmark uses, and what the generator guarantees about them. */
export const TERMS = {
  common: 'farm', // in ~30 % of rows
  rare: 'zephyrite', // in exactly RARE_ROWS rows
  cyrillic: 'вто', // 3-letter substring of "автофарм" and "автоматически", in Russian rows
} as const;
export const RARE_ROWS = 10;

const GAMES = ['Blox Fruits', 'Brookhaven RP', 'Adopt Me!', 'Pet Simulator X', 'Arsenal', 'Murder Mystery 2', 'Doors', 'Bee Swarm Simulator', 'Jailbreak', 'Tower of Hell', 'Da Hood', 'King Legacy'];
const FEATURES = ['Teleport Hub', 'ESP Names', 'Speed Boost', 'Admin Panel', 'Silent Aim', 'Chest Collector', 'Egg Opener', 'Server Hopper', 'Kill Aura', 'Infinite Jump', 'Fly GUI', 'Trade Helper', 'Boss Hunter', 'Raid Helper', 'Anti AFK'];
const ENGLISH = [
  'Fast execution and a tidy draggable menu.',
  'Works on all popular executors.',
  'Low CPU usage mode included.',
  'Updated for the latest version of the game.',
  'Keyless, with toggles for everything.',
  'Safe mode for crowded servers.',
  'Hotkeys for every option and a clean interface.',
];
const RUSSIAN = [
  'Быстрый запуск и минимальная нагрузка.',
  'Удобное меню и горячие клавиши.',
  'Мгновенный телепорт в любую точку карты.',
  'Автоматически собирает награды и сундуки.',
];
const FARM_ENGLISH = 'Farms coins and levels while you are away.';
const FARM_RUSSIAN = 'Автофарм монет и опыта без остановки.';

const START = Date.UTC(2023, 0, 1);
const SPAN_MS = 3 * 365 * 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;


function row(i: number, count: number, next: () => number): NewScriptRow {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const game = pick(GAMES);
  const farm = next() < 0.3;
  const russian = next() < 0.25;
  const rareStep = Math.floor(count / RARE_ROWS);
  const rare = i % rareStep === 0 && i < rareStep * RARE_ROWS; // rows 0, step, 2·step, …: exactly RARE_ROWS
  const feature = rare ? 'Zephyrite Finder' : farm ? 'Auto Farm' : pick(FEATURES);
  const playsname = `${game} ${feature} v${1 + Math.floor(next() * 9)}.${Math.floor(next() * 10)}`;
  const language = russian ? RUSSIAN : ENGLISH;
  const first = pick(language);
  const second = next() < 0.5 ? pick(language) : first;
  const sentences = [farm ? (russian ? FARM_RUSSIAN : FARM_ENGLISH) : '', first, second === first ? '' : second];
  const description = sentences.filter(Boolean).join(' ');
  // Mostly in id order, with a few hours of jitter so created_at order is not exactly id order.
  const at = new Date(START + (i / count) * SPAN_MS + (next() - 0.5) * 6 * HOUR_MS).toISOString();
  const loadstring = `loadstring(game:HttpGet("https://scripts.example/${i}.lua"))()`;
  return {
    playsname,
    description,
    loadstring,
    image_key: null,
    owner_moderator_id: null,
    views: Math.floor(next() ** 3 * 100_000),
    search_text: searchTextOf(playsname, description),
    loadstring_search: foldSearchText(loadstring),
    created_at: at,
    updated_at: at,
  };
}

export interface Catalogue {
  dataDir: string;
  file: string;
  count: number;
  /** Milliseconds spent generating, or null when a cached catalogue was reused. */
  generatedMs: number | null;
}

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const CACHE_DIR = path.join(BENCH_DIR, '.cache');

/** Changes whenever this generator, the migrations or the search folding change: the cache is then rebuilt. */
function fingerprint(): string {
  const migrations = path.join(BENCH_DIR, '..', 'server', 'db', 'migrations');
  const files = [
    fileURLToPath(import.meta.url),
    path.join(BENCH_DIR, '..', 'tools', 'seeded-random.ts'),
    path.join(BENCH_DIR, '..', 'server', 'db', 'search.ts'),
    ...fs.readdirSync(migrations).sort().map((name) => path.join(migrations, name)),
  ];
  const hash = createHash('sha256');
  for (const file of files) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A PostgreSQL catalogue of `count` scripts, the same rows as the SQLite one, in a database of its own
 * on the server at `serverUrl` (`bench_<count>_<fingerprint>`), built once and reused.
 */
export async function ensurePostgresCatalogue(count: number, serverUrl: string): Promise<{ url: string; generatedMs: number | null }> {
  const name = `bench_${count}_${fingerprint()}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (exists && (await isReadyPostgres(url.toString()))) return { url: url.toString(), generatedMs: null };
    // Older builds of this size (another fingerprint) would only take up disk.
    const stale = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`bench\\_${count}\\_%`]);
    for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const started = performance.now();
  const db = openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await migrateToLatest(db);
    const next = seededRandom(42);
    for (let first = 0; first < count; first += ROWS_PER_TRANSACTION) {
      const last = Math.min(first + ROWS_PER_TRANSACTION, count);
      const rows: NewScriptRow[] = [];
      for (let i = first; i < last; i += 1) rows.push(row(i, count, next));
      const column = <K extends keyof NewScriptRow>(name: K) => rows.map((r) => r[name]);
      // One statement per batch: arrays unnested server-side, far faster than multi-row VALUES.
      await sql`INSERT INTO scripts (playsname, description, loadstring, views, search_text, loadstring_search, created_at, updated_at)
        SELECT * FROM unnest(${column('playsname')}::text[], ${column('description')}::text[], ${column('loadstring')}::text[],
          ${column('views')}::int[], ${column('search_text')}::text[], ${column('loadstring_search')}::text[],
          ${column('created_at')}::timestamptz[], ${column('updated_at')}::timestamptz[])`.execute(db.kysely);
      process.stdout.write(`\r  generating on PostgreSQL: ${last.toLocaleString('en')} / ${count.toLocaleString('en')}`);
    }
    process.stdout.write('\n');
    await sql`ANALYZE`.execute(db.kysely);
    await sql`CREATE TABLE bench_ready (count integer NOT NULL)`.execute(db.kysely);
    await sql`INSERT INTO bench_ready VALUES (${count})`.execute(db.kysely);
  } finally {
    await db.close();
  }
  return { url: url.toString(), generatedMs: performance.now() - started };
}

async function isReadyPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("SELECT 1 FROM pg_tables WHERE tablename = 'bench_ready'")).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** Returns a SQLite catalogue of `count` scripts in bench/.cache/<count>/, building it when missing. */
export async function ensureCatalogue(count: number): Promise<Catalogue> {
  const dataDir = path.join(CACHE_DIR, String(count));
  const file = path.join(dataDir, 'catalogue.db');
  const marker = path.join(dataDir, 'ready.json');
  const expected = JSON.stringify({ fingerprint: fingerprint(), count });
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === expected) return { dataDir, file, count, generatedMs: null };

  fs.rmSync(dataDir, { recursive: true, force: true });
  const started = performance.now();
  const db = openDatabase({ kind: 'sqlite', file });
  try {
    await migrateToLatest(db);
    const next = seededRandom(42);
    for (let first = 0; first < count; first += ROWS_PER_TRANSACTION) {
      const last = Math.min(first + ROWS_PER_TRANSACTION, count);
      await db.kysely.transaction().execute(async (trx) => {
        for (let start = first; start < last; start += ROWS_PER_INSERT) {
          const rows = [];
          for (let i = start; i < Math.min(start + ROWS_PER_INSERT, last); i += 1) rows.push(row(i, count, next));
          await trx.insertInto('scripts').values(rows).execute();
        }
      });
      process.stdout.write(`\r  generating: ${last.toLocaleString('en')} / ${count.toLocaleString('en')}`);
    }
    process.stdout.write('\n');
  } finally {
    await db.close();
  }
  fs.writeFileSync(marker, expected);
  return { dataDir, file, count, generatedMs: performance.now() - started };
}
