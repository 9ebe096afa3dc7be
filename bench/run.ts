import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCatalogue, RARE_ROWS, TERMS } from './generate.ts';
import { load } from './load.ts';
import { pinCores, ROOT, type Managed, Probe, startRawServer, startServer } from './processes.ts';
import { timeQueries } from './queries.ts';
import type { Fixture } from './raw-server.ts';
import { type RealisticOptions, type RealisticReport, runRealistic } from './realistic.ts';
import { type Build, catalogueOf, comparison, prepareAgainst } from './against.ts';
import { keepFigures, realisticMarkdown, realisticTerminal } from './realistic-report.ts';
import { runScale, scaleTable, staleTable } from './scale.ts';
import { markdown, type Report, type Row, type ScenarioKey, terminal } from './report.ts';
import { fixed } from './stats.ts';

/**
 * npm run bench [-- --duration 10 --warmup 2 --million --count N --build --only list,detail]
 * npm run bench -- --realistic [--million --count N --database postgres://… --duration 60 --crawl-duration 20 --connections 50]
 * npm run bench -- --realistic --against <commit> [--count N --duration 30]: both builds, alternating, their ratios (bench/against.ts)
 * npm run bench -- --scale [--count N --database postgres://… --duration 30 --connections 50]
 * Measures the real server against a raw node:http server returning the same bytes; prints the
 * figures and writes docs/performance.md. Missed targets are printed, not fatal; anything broken is.
 * --only runs just the named scenarios and only prints: a partial run never rewrites the page.
 */
const args = process.argv.slice(2);
const { values } = parseArgs({
  args,
  strict: true,
  options: {
    // 10 s a scenario; 60 s for the realistic mix (from a cold start: the caches fill as they would).
    duration: { type: 'string' },
    warmup: { type: 'string', default: '2' },
    million: { type: 'boolean', default: false },
    count: { type: 'string' },
    build: { type: 'boolean', default: false },
    only: { type: 'string' },
    realistic: { type: 'boolean', default: false },
    scale: { type: 'boolean', default: false },
    database: { type: 'string' },
    connections: { type: 'string', default: '50' },
    // Each crawl phase of --realistic (issue 26): 20 s, or --duration when shorter.
    'crawl-duration': { type: 'string' },
    // Another commit to run --realistic on beside this build, alternating (SQLite).
    against: { type: 'string' },
  },
});

function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return value;
}

interface Scenario {
  key: ScenarioKey;
  name: string;
  path: string;
  connections: number[];
  /** Throws when the real server's answer is not what the scenario needs. */
  check(body: string, contentType: string): void;
}

function scenarios(count: number): Scenario[] {
  const detailId = Math.ceil(count / 2);
  const page = (expectTotal?: number) => (body: string) => {
    const { scripts, total } = JSON.parse(body) as { scripts: unknown[]; total: number };
    if (scripts.length === 0) throw new Error('empty page');
    if (expectTotal !== undefined && total !== expectTotal) throw new Error(`total ${total}, expected ${expectTotal}`);
  };
  const search = (q: string) => `/api/scripts/paginated?limit=16&offset=0&q=${encodeURIComponent(q)}`;
  return [
    { key: 'list', name: 'list page 1', path: '/api/scripts/paginated?limit=16&offset=0', connections: [50], check: page(count) },
    { key: 'list-deep', name: 'list offset 10000', path: '/api/scripts/paginated?limit=16&offset=10000', connections: [50], check: page(count) },
    { key: 'search-common', name: `search "${TERMS.common}"`, path: search(TERMS.common), connections: [50, 1], check: page() },
    { key: 'search-rare', name: `search "${TERMS.rare}"`, path: search(TERMS.rare), connections: [50, 1], check: page(RARE_ROWS) },
    { key: 'search-cyrillic', name: `search "${TERMS.cyrillic}"`, path: search(TERMS.cyrillic), connections: [50, 1], check: page() },
    {
      key: 'detail',
      name: `detail /api/scripts/${detailId}`,
      path: `/api/scripts/${detailId}`,
      connections: [50],
      check: (body) => {
        if ((JSON.parse(body) as { id: number }).id !== detailId) throw new Error('wrong script');
      },
    },
    {
      key: 'ssr',
      name: 'SSR /scripts',
      path: '/scripts',
      connections: [50],
      check: (body, type) => {
        // Cards link to their detail pages, so a rendered catalogue has such links.
        if (!type.startsWith('text/html') || !body.includes('href="/scripts/')) throw new Error('not a rendered catalogue page');
      },
    },
    {
      key: 'ssr-detail',
      name: `SSR /scripts/${detailId}`,
      path: `/scripts/${detailId}`,
      connections: [50],
      check: (body, type) => {
        // The page of one script carries its JSON-LD and the canonical link to itself.
        if (!type.startsWith('text/html') || !body.includes('application/ld+json') || !body.includes(`/scripts/${detailId}"`)) {
          throw new Error('not a rendered script page');
        }
      },
    },
  ];
}

/** The benchmark measures the production bundle that `npm start` runs (build/app/main.mjs). */
function ensureBuild(force: boolean) {
  if (!force && fs.existsSync(path.join(ROOT, 'build', 'app', 'main.mjs'))) return;
  console.log('Building (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

const BLOCK = /<!-- ([\w:-]+):start -->[\s\S]*?<!-- \1:end -->/g;

/** Replaces the page but keeps the blocks other runs own (bench/web.ts's, each realistic run's). */
function writePerformancePage(file: string, page: string) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const kept = [...current.matchAll(BLOCK)].map((match) => match[0]);
  fs.writeFileSync(file, [page.trimEnd(), ...kept].join('\n\n') + '\n');
}

/**
 * Writes one realistic run's block into the page, replacing the same database and size's last one.
 * The section (`realistic`) is itself a marked block, so a run of the API benchmark keeps it whole.
 */
function writeRealisticBlock(file: string, key: string, block: string) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const marked = `<!-- ${key}:start -->\n${block.trim()}\n<!-- ${key}:end -->`;
  const pattern = new RegExp(`<!-- ${key}:start -->[\\s\\S]*?<!-- ${key}:end -->`);
  const heading = '## Realistic traffic (npm run bench -- --realistic)';
  // A new size or database goes before the section's first run, after the section's method text.
  const firstRun = current.search(/<!-- realistic:(?:sqlite|postgres):\d+:start -->/);
  if (pattern.test(current)) fs.writeFileSync(file, current.replace(pattern, marked));
  else if (firstRun >= 0) fs.writeFileSync(file, `${current.slice(0, firstRun)}${marked}\n\n${current.slice(firstRun)}`);
  else if (current.includes(heading)) fs.writeFileSync(file, current.replace(heading, `${heading}\n\n${marked}`));
  else fs.writeFileSync(file, `${current.trimEnd()}\n\n<!-- realistic:start -->\n${heading}\n\n${marked}\n<!-- realistic:end -->\n`);
}

function realisticOptions(count: number, durationS: number): RealisticOptions {
  return {
    count,
    durationS,
    crawlS: wholeNumber('crawl-duration', values['crawl-duration'] ?? String(Math.min(20, durationS)), 1),
    connections: wholeNumber('connections', values.connections, 1),
    ...(values.database ? { database: values.database } : {}),
  };
}

/**
 * This build and `--against`'s, each on the catalogue its own generator made, in the order A B B A
 * (drift over the run weighs on both alike); prints each figure's medians and ratio. Writes no page.
 */
async function realisticAgainst(commit: string, count: number, durationS: number) {
  if (values.database) throw new Error('--against runs on SQLite only (each build gets its own catalogue file)');
  const pinning = pinCores();
  console.log(pinning ? `CPU: ${pinning}` : 'CPU: not pinned (one core, or no taskset): server and client share the cores');
  const self: Build = { label: execGit('rev-parse', '--short=12', 'HEAD'), root: ROOT };
  const other = prepareAgainst(commit);
  const dirs = new Map([self, other].map((build) => [build, catalogueOf(build, count)]));
  const runs: { build: Build; report: RealisticReport }[] = [];
  for (const build of [other, self, self, other]) {
    console.log(`\n== ${build === self ? `this build (${self.label})` : other.label}, run ${runs.filter((run) => run.build === build).length + 1} of 2`);
    const report = await runRealistic({ ...realisticOptions(count, durationS), root: build.root, catalogueDir: dirs.get(build) as string }, () => undefined);
    console.log(realisticTerminal(report));
    runs.push({ build, report });
  }
  console.log(`\n${count.toLocaleString('en')} scripts, SQLite, ${durationS} s mix per run, order ${other.label}, this, this, ${other.label}; ${pinning ?? 'not pinned'}\n`);
  console.log(comparison(runs, self, other));
}

const execGit = (...gitArgs: string[]) => spawnSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();

async function realistic(count: number, durationS: number) {
  if (values.against) return realisticAgainst(values.against, count, durationS);
  const pinning = pinCores();
  console.log(pinning ? `CPU: ${pinning}` : 'CPU: not pinned (one core, or no taskset): server and client share the cores');
  const report = await runRealistic(realisticOptions(count, durationS), () => undefined);
  console.log(realisticTerminal(report));
  keepFigures(report);
  const docs = path.join(ROOT, 'docs', 'performance.md');
  const command = `npm run bench -- ${args.join(' ').replace(/postgres:\/\/\S+/, 'postgres://…')}`;
  writeRealisticBlock(docs, `realistic:${report.database}:${count}`, realisticMarkdown(report, command, pinning));
  console.log(`\nWrote ${path.relative(ROOT, docs)}`);
}

/** One process, two workers and two instances under the realistic mix (issue 11); unpinned. */
async function scale(count: number, durationS: number) {
  const { rows, stale } = await runScale({ count, durationS, connections: wholeNumber('connections', values.connections, 1), ...(values.database ? { database: values.database } : {}) });
  const table = `${scaleTable(rows)}\n\nStale-read window: after an edit through instance A is acknowledged, how long instance B (whose answer was cached) goes on answering the old name.\n\n${staleTable(stale)}`;
  console.log(`\n${table}`);
  const docs = path.join(ROOT, 'docs', 'performance.md');
  const command = `npm run bench -- ${args.join(' ').replace(/postgres:\/\/\S+/, 'postgres://…')}`;
  const block = `## Every core and several instances (\`npm run bench -- --scale\`)\n\n${new Date().toISOString().slice(0, 10)}, \`${command}\`, ${count.toLocaleString('en')} scripts, ${durationS} s of the realistic mix from a cold start per row, ${values.connections} connections spread evenly over the instances; nothing pinned.\n\n${table}`;
  const current = fs.readFileSync(docs, 'utf8');
  const marked = `<!-- scale:start -->\n${block}\n<!-- scale:end -->`;
  const pattern = /<!-- scale:start -->[\s\S]*?<!-- scale:end -->/;
  fs.writeFileSync(docs, pattern.test(current) ? current.replace(pattern, marked) : `${current.trimEnd()}\n\n${marked}\n`);
  console.log(`\nWrote ${path.relative(ROOT, docs)}`);
}

/** Fetches the real server's answer once; it becomes the raw server's fixture. */
async function fixtureOf(url: string, scenario: Scenario): Promise<Fixture> {
  const response = await fetch(url + scenario.path, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${scenario.path}: status ${response.status}: ${body.toString('utf8', 0, 200)}`);
  try {
    scenario.check(body.toString('utf8'), response.headers.get('content-type') ?? '');
  } catch (error) {
    throw new Error(`${scenario.path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { path: scenario.path, status: response.status, headers: [...response.headers], bodyBase64: body.toString('base64') };
}

async function main() {
  const durationS = wholeNumber('duration', values.duration ?? (values.realistic ? '60' : values.scale ? '30' : '10'), 1);
  const warmupS = wholeNumber('warmup', values.warmup, 0);
  const count = values.count !== undefined ? wholeNumber('count', values.count, 100) : values.million ? 1_000_000 : 100_000;

  ensureBuild(values.build);
  if (values.realistic) return realistic(count, durationS);
  if (values.scale) return scale(count, durationS);
  console.log(`Catalogue of ${count.toLocaleString('en')} scripts…`);
  const catalogue = await ensureCatalogue(count);
  console.log(catalogue.generatedMs === null ? '  reused from bench/.cache' : `  generated in ${fixed(catalogue.generatedMs / 1000, 1)} s`);

  const only = values.only?.split(',').map((key) => key.trim());
  const list = scenarios(count).filter((scenario) => !only || only.includes(scenario.key));
  if (list.length === 0) throw new Error(`--only names no scenario; the keys are ${scenarios(count).map((s) => s.key).join(', ')}`);
  const detailId = Math.ceil(count / 2);
  console.log(only ? 'Query timing skipped (--only)' : 'Timing queries without the cache…');
  const queries = only ? [] : await timeQueries(catalogue.file, Object.values(TERMS), detailId);

  const pinning = pinCores();
  console.log(pinning ? `CPU: ${pinning}` : 'CPU: not pinned (one core, or no taskset): server and client share the cores');
  const children: Managed[] = [];
  const { server, url } = await startServer(catalogue.dataDir);
  children.push(server);
  const probe = new Probe(server.pid);
  probe.start();
  const startRssKb = probe.rssKb();
  const fixtures = [];
  for (const scenario of list) fixtures.push(await fixtureOf(url, scenario));
  const { raw, url: rawUrl } = await startRawServer(fixtures);
  children.push(raw);
  const rawProbe = new Probe(raw.pid);
  rawProbe.start();

  const rows: Row[] = [];
  for (const [index, scenario] of list.entries()) {
    const bytes = Buffer.byteLength(fixtures[index]?.bodyBase64 ?? '', 'base64');
    for (const connections of scenario.connections) {
      const measure = async (base: string, target: Probe) => {
        if (warmupS > 0) await load(base + scenario.path, { connections, duration: warmupS });
        return load(base + scenario.path, { connections, duration: durationS, cpuSeconds: target.cpuSeconds });
      };
      probe.window();
      const app = await measure(url, probe);
      const appPeakKb = probe.window();
      server.assertAlive();
      const rawResult = await measure(rawUrl, rawProbe);
      raw.assertAlive();
      rows.push({ key: scenario.key, scenario: scenario.name, path: scenario.path, connections, bytes, app, raw: rawResult, appPeakKb });
      console.log(
        `  ${scenario.name} -c ${connections}: app ${fixed(app.rps, 0)} req/s p99 ${fixed(app.p99, 2)} ms | raw ${fixed(rawResult.rps, 0)} req/s p99 ${fixed(rawResult.p99, 2)} ms`,
      );
    }
  }

  const report: Report = {
    date: new Date(),
    count,
    generatedMs: catalogue.generatedMs,
    durationS,
    warmupS,
    rows,
    queries,
    startRssKb,
    peakRssKb: Math.max(probe.hwmKb(), probe.windowPeakKb),
    rawPeakRssKb: rawProbe.hwmKb(),
    pinning,
  };
  probe.stop();
  rawProbe.stop();
  for (const child of children) await child.stop();

  console.log(terminal(report));
  if (only) return;
  const docs = path.join(ROOT, 'docs', 'performance.md');
  writePerformancePage(docs, markdown(report, `npm run bench${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`));
  console.log(`\nWrote ${path.relative(ROOT, docs)}`);
}

main().catch((error: unknown) => {
  console.error(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
