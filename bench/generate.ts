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
import { slugOf } from '../contract/index.ts';
import { trendingScore } from '../server/views/trending.ts';
import { utcDay } from '../server/shared/dates.ts';
import { seededRandom } from '../tools/seeded-random.ts';
import { ANALYSIS_VERSION } from '../contract/loader-analysis.ts';
import { analysisColumns } from '../server/scripts/analysis.ts';
import { firstVersions } from '../server/db/migrations/20261201000000_script_versions.ts';

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

/** The games of the catalogue, ids 1… in this order (GAMES_ROWS); the bench's game pages and filters use their slugs. */
export const GAME_SLUGS = GAMES.map((name) => slugOf(name));

/** Shares of the catalogue's flags (docs/decisions/0015-filters-and-sorts.md): what filters find in the benchmark. */
const SHARES = { universal: 0.12, noGame: 0.08, keySystem: 0.35, patched: 0.08, verified: 0.04, recentViews: 0.05 } as const;
/** Days of views per day generated, up to the generation day. */
const DAILY_DAYS = 10;

/** A script's views per day: the recently viewed few get some on most of the last DAILY_DAYS days. */
function dailyViews(next: () => number, today: number): [day: number, views: number][] {
  if (next() >= SHARES.recentViews) return [];
  const days: [number, number][] = [];
  const scale = 1 + Math.floor(next() ** 3 * 300);
  for (let ago = DAILY_DAYS - 1; ago >= 0; ago -= 1) {
    const views = Math.floor(next() * scale);
    if (views > 0) days.push([today - ago, views]);
  }
  return days;
}

/** The stored trending score (docs/decisions/0011-trending.md). */
const trendingOf = (days: [number, number][], today: number): number => trendingScore(days, today);

/**
 * The executors of the catalogue, ids 1… in this order (issue 27): the first few popular, across the
 * four platforms (bit sets of contract/platforms.ts) and every status. The bench's filters use their slugs.
 */
const EXECUTORS = [
  { name: 'Nimbus', platforms: 1, status: 'working' },
  { name: 'Pocket', platforms: 4 | 8, status: 'working' },
  { name: 'Quartz', platforms: 1 | 2, status: 'working' },
  { name: 'Kestrel', platforms: 1 | 4, status: 'working' },
  { name: 'Ember', platforms: 1, status: 'updating' },
  { name: 'Orchard', platforms: 2, status: 'working' },
  { name: 'Lumen', platforms: 4, status: 'patched' },
  { name: 'Driftwood', platforms: 8, status: 'discontinued' },
  { name: 'Tinder', platforms: 4, status: 'working' },
  { name: 'Sparrow', platforms: 8, status: 'working' },
] as const;
export const EXECUTOR_SLUGS = EXECUTORS.map((executor) => slugOf(executor.name));

/** A script's executor rows: [executor id, tested, works yes, works no]. */
type CompatibilityRow = [executorId: number, tested: number, yes: number, no: number];

/**
 * Where a script works, from its own random sequence (the scripts' rows stay as they were): about
 * half the scripts are tested with one to three executors, popular ones more often, and one in ten
 * has answers, mostly yes.
 */
function compatibilityOf(next: () => number): CompatibilityRow[] {
  const rows = new Map<number, CompatibilityRow>();
  const executor = () => 1 + Math.min(EXECUTORS.length - 1, Math.floor(next() ** 2 * EXECUTORS.length));
  if (next() < 0.5) {
    const tested = 1 + Math.floor(next() * 3);
    for (let k = 0; k < tested; k += 1) {
      const id = executor();
      rows.set(id, [id, 1, 0, 0]);
    }
  }
  if (next() < 0.1) {
    const id = executor();
    const yes = Math.floor(next() * 6);
    const no = Math.floor(next() * 3);
    if (yes + no > 0) rows.set(id, [id, rows.get(id)?.[1] ?? 0, yes, no]);
  }
  return [...rows.values()];
}

/** The platforms of the executors a script works on (tested, or more yes than no). */
function platformsOf(rows: CompatibilityRow[]): number {
  return rows.reduce((bits, [id, tested, yes, no]) => (tested === 1 || yes > no ? bits | (EXECUTORS[id - 1]?.platforms ?? 0) : bits), 0);
}

type GeneratedRow = NewScriptRow & { daily: [number, number][]; compatibility: CompatibilityRow[] };

const START = Date.UTC(2023, 0, 1);
const SPAN_MS = 3 * 365 * 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;


function row(i: number, count: number, next: () => number, today: number, nextCompatibility: () => number): GeneratedRow {
  const compatibility = compatibilityOf(nextCompatibility);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const gameIndex = Math.floor(next() * GAMES.length);
  const game = GAMES[gameIndex] as string;
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
  const universal = next() < SHARES.universal;
  const keySystem = next() < SHARES.keySystem;
  const updated = next() < 0.2 ? new Date(Math.min(Date.parse(at) + next() * 90 * 24 * HOUR_MS, START + SPAN_MS)).toISOString() : at;
  const daily = dailyViews(next, today);
  return {
    game_id: universal || next() < SHARES.noGame ? null : gameIndex + 1,
    universal: universal ? 1 : 0,
    key_system: keySystem ? 1 : 0,
    key_link: keySystem ? `https://keys.example/${i}` : null,
    patched: next() < SHARES.patched ? 1 : 0,
    verified: next() < SHARES.verified ? 1 : 0,
    trending: trendingOf(daily, today),
    daily,
    compatibility,
    platforms: platformsOf(compatibility),
    playsname,
    description,
    loadstring,
    image_key: null,
    owner_moderator_id: null,
    views: Math.floor(next() ** 3 * 100_000),
    search_text: searchTextOf(playsname, description),
    loadstring_search: foldSearchText(loadstring),
    // Stored as every save stores it, so a server started on the catalogue has no analysis to catch up on.
    ...analysisColumns(loadstring),
    created_at: at,
    updated_at: updated,
  };
}

/** The games, ids 1… in GAMES order. */
function gameRows() {
  return GAMES.map((name, index) => ({ id: index + 1, name, name_key: name.toLowerCase(), slug: GAME_SLUGS[index] as string, place_id: null, icon_key: null, created_at: new Date(START).toISOString() }));
}

/** A generated row as inserted (its views per day and its executors go to their own tables). */
function scriptRow({ daily: _, compatibility: _compatibility, ...script }: GeneratedRow): NewScriptRow {
  return script;
}

/** The executors, ids 1… in EXECUTORS order. */
function executorRows() {
  const at = new Date(START).toISOString();
  return EXECUTORS.map((executor, index) => ({
    id: index + 1,
    name: executor.name,
    slug: EXECUTOR_SLUGS[index] as string,
    platforms: executor.platforms,
    status: executor.status,
    version: null,
    website: null,
    free: index % 2,
    status_changed_at: at,
    created_at: at,
    updated_at: at,
  }));
}

/** The script_executors rows of generated scripts, each with its script's facets copied (as the triggers keep them). */
function compatibilityRows(first: number, rows: GeneratedRow[]) {
  return rows.flatMap((script, index) =>
    script.compatibility.map(([executorId, tested, yes, no]) => ({
      script_id: first + index + 1,
      executor_id: executorId,
      tested,
      works_yes: yes,
      works_no: no,
      game_id: script.game_id ?? 0,
      universal: script.universal ?? 0,
      key_system: script.key_system ?? 0,
      patched: script.patched ?? 0,
      verified: script.verified ?? 0,
      hidden: 0,
      platforms: script.platforms ?? 0,
    })),
  );
}

function dailyRows(first: number, rows: GeneratedRow[]) {
  return rows.flatMap((script, index) => script.daily.map(([day, views]) => ({ script_id: first + index + 1, day, views })));
}

/** One script in UPDATED_EVERY has a second loader version, saved in the last UPDATED_DAYS days. */
const UPDATED_EVERY = 40;
const UPDATED_DAYS = 30;

/**
 * Loader versions as saves leave them (docs/decisions/0044-loader-versions.md): version 1 of every script,
 * and for one script in UPDATED_EVERY an older first text (another file on the same host, so the
 * analysis did not change) and the current text as version 2, saved in the last UPDATED_DAYS days: the
 * "Loader updated" marks and History sections the pages show at scale.
 */
async function writeVersions(db: ReturnType<typeof openDatabase>, now: number): Promise<void> {
  await firstVersions(db.kysely);
  const kysely = db.kysely;
  const every = UPDATED_EVERY;
  await kysely
    .updateTable('script_versions')
    .set({ loadstring: sql<string>`replace(loadstring, '.lua"', '-old.lua"')` })
    .where('version', '=', 1)
    .where(sql<boolean>`script_id % ${every} = 0`)
    .execute();
  const updated = await kysely.selectFrom('scripts').select(['id', 'loadstring', 'analysis']).where(sql<boolean>`id % ${every} = 0`).execute();
  const noChange = JSON.stringify({ added: [], removed: [], hostsAdded: [], hostsRemoved: [] });
  for (let start = 0; start < updated.length; start += ROWS_PER_INSERT) {
    const slice = updated.slice(start, start + ROWS_PER_INSERT);
    const at = (id: number) => new Date(now - ((id / every) % UPDATED_DAYS) * 24 * HOUR_MS - HOUR_MS).toISOString();
    await kysely.transaction().execute(async (trx) => {
      await trx.insertInto('script_versions').values(slice.map((script) => ({ script_id: script.id, version: 2, created_at: at(script.id), saved_by: 'admin', loadstring: script.loadstring, analysis: script.analysis, changes: noChange }))).execute();
      for (const script of slice) await trx.updateTable('scripts').set({ version: 2, loader_changed_at: at(script.id) }).where('id', '=', script.id).execute();
    });
  }
}

/** The generated scores are for the generation day (a server started on a later day rolls them); the analyses are current. */
async function markTrendingDay(db: ReturnType<typeof openDatabase>, today: number): Promise<void> {
  await db.kysely.updateTable('catalogue_counts').set({ value: today }).where('name', '=', 'trending_day').execute();
  await db.kysely.updateTable('catalogue_counts').set({ value: ANALYSIS_VERSION }).where('name', '=', 'analysis_version').execute();
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
    path.join(BENCH_DIR, '..', 'contract', 'loader-analysis.ts'),
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
    const today = utcDay(Date.now());
    const nextCompatibility = seededRandom(27);
    await db.kysely.insertInto('games').values(gameRows()).execute();
    await sql`SELECT setval(pg_get_serial_sequence('games', 'id'), ${GAMES.length})`.execute(db.kysely);
    await db.kysely.insertInto('executors').values(executorRows()).execute();
    await sql`SELECT setval(pg_get_serial_sequence('executors', 'id'), ${EXECUTORS.length})`.execute(db.kysely);
    for (let first = 0; first < count; first += ROWS_PER_TRANSACTION) {
      const last = Math.min(first + ROWS_PER_TRANSACTION, count);
      const generated: GeneratedRow[] = [];
      for (let i = first; i < last; i += 1) generated.push(row(i, count, next, today, nextCompatibility));
      const rows = generated.map(scriptRow);
      const column = <K extends keyof NewScriptRow>(name: K) => rows.map((r) => r[name]);
      // One statement per batch: arrays unnested server-side, far faster than multi-row VALUES.
      await sql`INSERT INTO scripts (playsname, description, loadstring, views, search_text, loadstring_search, created_at, updated_at,
          game_id, universal, key_system, key_link, patched, verified, trending, analysis, analysis_severity, platforms)
        SELECT * FROM unnest(${column('playsname')}::text[], ${column('description')}::text[], ${column('loadstring')}::text[],
          ${column('views')}::int[], ${column('search_text')}::text[], ${column('loadstring_search')}::text[],
          ${column('created_at')}::timestamptz[], ${column('updated_at')}::timestamptz[], ${column('game_id')}::int[],
          ${column('universal')}::int[], ${column('key_system')}::int[], ${column('key_link')}::text[], ${column('patched')}::int[],
          ${column('verified')}::int[], ${column('trending')}::float8[], ${column('analysis')}::text[], ${column('analysis_severity')}::text[],
          ${column('platforms')}::int[])`.execute(db.kysely);
      const compatibility = compatibilityRows(first, generated);
      const field = <K extends keyof (typeof compatibility)[number]>(name: K) => compatibility.map((r) => r[name]);
      await sql`INSERT INTO script_executors (script_id, executor_id, tested, works_yes, works_no, game_id, universal, key_system, patched, verified, hidden, platforms)
        SELECT * FROM unnest(${field('script_id')}::int[], ${field('executor_id')}::int[], ${field('tested')}::int[], ${field('works_yes')}::int[],
          ${field('works_no')}::int[], ${field('game_id')}::int[], ${field('universal')}::int[], ${field('key_system')}::int[], ${field('patched')}::int[],
          ${field('verified')}::int[], ${field('hidden')}::int[], ${field('platforms')}::int[])`.execute(db.kysely);
      const daily = dailyRows(first, generated);
      await sql`INSERT INTO script_daily_views (script_id, day, views)
        SELECT * FROM unnest(${daily.map((d) => d.script_id)}::int[], ${daily.map((d) => d.day)}::int[], ${daily.map((d) => d.views)}::int[])`.execute(db.kysely);
      process.stdout.write(`\r  generating on PostgreSQL: ${last.toLocaleString('en')} / ${count.toLocaleString('en')}`);
    }
    process.stdout.write('\n');
    await writeVersions(db, Date.now());
    await markTrendingDay(db, today);
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
    const today = utcDay(Date.now());
    const nextCompatibility = seededRandom(27);
    await db.kysely.insertInto('games').values(gameRows()).execute();
    await db.kysely.insertInto('executors').values(executorRows()).execute();
    for (let first = 0; first < count; first += ROWS_PER_TRANSACTION) {
      const last = Math.min(first + ROWS_PER_TRANSACTION, count);
      await db.kysely.transaction().execute(async (trx) => {
        for (let start = first; start < last; start += ROWS_PER_INSERT) {
          const generated: GeneratedRow[] = [];
          for (let i = start; i < Math.min(start + ROWS_PER_INSERT, last); i += 1) generated.push(row(i, count, next, today, nextCompatibility));
          await trx.insertInto('scripts').values(generated.map(scriptRow)).execute();
          const compatibility = compatibilityRows(start, generated);
          if (compatibility.length > 0) await trx.insertInto('script_executors').values(compatibility).execute();
          const daily = dailyRows(start, generated);
          if (daily.length > 0) await trx.insertInto('script_daily_views').values(daily).execute();
        }
      });
      process.stdout.write(`\r  generating: ${last.toLocaleString('en')} / ${count.toLocaleString('en')}`);
    }
    process.stdout.write('\n');
    await writeVersions(db, Date.now());
    await markTrendingDay(db, today);
  } finally {
    await db.close();
  }
  fs.writeFileSync(marker, expected);
  return { dataDir, file, count, generatedMs: performance.now() - started };
}
