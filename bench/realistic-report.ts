import fs from 'node:fs';
import path from 'node:path';
import type { Distinct } from './distinct.ts';
import { ROOT } from './processes.ts';
import { type CrawlResult, type MixResult, PACED_S, type RealisticReport } from './realistic.ts';
import { fixed, mb } from './stats.ts';

/** The terminal lines and the markdown block of one realistic run, and its targets (issue 26). */

interface Target {
  label: string;
  value: string;
  met: boolean;
}

/** The figures a PostgreSQL run is compared with: the last SQLite run of the same size on this machine. */
interface Figures {
  date: string;
  mixRps: number;
  mixP99: number;
  crawlPagesPerS: number;
  crawlP99: number;
  visitorsP99: number;
}

const figuresFile = (count: number) => path.join(ROOT, 'bench', '.cache', `realistic-sqlite-${count}.json`);

function figuresOf(report: RealisticReport): Figures {
  const { mix, crawl, beside } = report;
  return { date: report.date.toISOString(), mixRps: mix.rps, mixP99: mix.p99, crawlPagesPerS: crawl.pagesPerS, crawlP99: crawl.p99, visitorsP99: beside.visitors.p99 };
}

/** Keeps a SQLite run's figures (bench/.cache, not committed) for the next PostgreSQL run of that size. */
export function keepFigures(report: RealisticReport): void {
  if (report.database !== 'sqlite') return;
  fs.mkdirSync(path.dirname(figuresFile(report.count)), { recursive: true });
  fs.writeFileSync(figuresFile(report.count), JSON.stringify(figuresOf(report)));
}

function sqliteFigures(report: RealisticReport): Figures | null {
  if (report.database !== 'postgres' || !fs.existsSync(figuresFile(report.count))) return null;
  return JSON.parse(fs.readFileSync(figuresFile(report.count), 'utf8')) as Figures;
}

/** PostgreSQL within 1.5× of SQLite on each figure of the issue's table; only when a SQLite run of the size exists. */
function postgresTargets(report: RealisticReport): Target[] {
  const sqlite = sqliteFigures(report);
  if (!sqlite) return [];
  const pg = figuresOf(report);
  const faster = (label: string, ours: number, theirs: number, unit: string): Target => ({
    label: `PostgreSQL ${label} ≥ SQLite's ÷ 1.5 (SQLite ${sqlite.date.slice(0, 10)}: ${fixed(theirs, 0)} ${unit})`,
    value: `${fixed(ours, 0)} ${unit}`,
    met: ours * 1.5 >= theirs,
  });
  const quicker = (label: string, ours: number, theirs: number): Target => ({
    label: `PostgreSQL ${label} ≤ 1.5 × SQLite's (SQLite ${sqlite.date.slice(0, 10)}: ${fixed(theirs, 1)} ms)`,
    value: `${fixed(ours, 1)} ms`,
    met: ours <= theirs * 1.5,
  });
  return [
    faster('mix', pg.mixRps, sqlite.mixRps, 'req/s'),
    quicker('mix p99', pg.mixP99, sqlite.mixP99),
    faster('crawl', pg.crawlPagesPerS, sqlite.crawlPagesPerS, 'pages/s'),
    quicker('crawl p99', pg.crawlP99, sqlite.crawlP99),
    quicker("visitors' p99 beside a crawler", pg.visitorsP99, sqlite.visitorsP99),
  ];
}

const failures = (r: { errors: number; timeouts: number; non2xx: number }) => r.errors + r.timeouts + r.non2xx;
const failureText = (r: { errors: number; timeouts: number; non2xx: number }) => `${r.errors} errors, ${r.timeouts} time-outs, ${r.non2xx} non-2xx`;

/** Issue 26's targets, set for 1,000,000 scripts, one process on one core (the load client on the other). */
export function realisticTargets(report: RealisticReport): Target[] {
  const { mix, crawl, beside } = report;
  const share = mix.rps / report.list.rps;
  const coldBound = report.database === 'sqlite' ? 25 : 50;
  const sweep = crawl.load;
  return [
    { label: 'mix ≥ 1/8 of the repeated list page', value: `${fixed(share * 100, 1)} % (1/${fixed(1 / share, 1)})`, met: share >= 1 / 8 },
    { label: 'mix p99 ≤ 100 ms', value: `${fixed(mix.p99, 1)} ms`, met: mix.p99 <= 100 },
    { label: 'mix: no error or time-out', value: failureText(mix), met: failures(mix) === 0 },
    { label: 'crawl ≥ 1,000 pages/s', value: `${fixed(crawl.pagesPerS, 0)} pages/s`, met: crawl.pagesPerS >= 1000 },
    { label: 'crawl p99 ≤ 100 ms', value: `${fixed(crawl.p99, 1)} ms`, met: crawl.p99 <= 100 },
    {
      label: 'crawl: each page asked once, every one served',
      value: `${crawl.distinct.urls} distinct of ${sweep.requests} asked; ${sweep.tooMany} × 429, ${failureText(sweep)}`,
      met: crawl.distinct.urls === sweep.requests && sweep.tooMany + failures(sweep) === 0,
    },
    { label: "visitors' p99 beside a crawler ≤ 150 ms", value: `${fixed(beside.visitors.p99, 1)} ms`, met: beside.visitors.p99 <= 150 },
    { label: 'visitors beside a crawler: no error or time-out', value: failureText(beside.visitors), met: failures(beside.visitors) === 0 },
    { label: `cold search p99 ≤ ${coldBound} ms`, value: `${fixed(report.cold.p99, 1)} ms`, met: report.cold.p99 <= coldBound },
    // Issue 27: a platform or executor filter's first visitor, on SQLite (PostgreSQL: the search's bound).
    { label: `cold platform and executor filters p99 ≤ ${coldBound} ms`, value: `${fixed(report.coldFilters.p99, 1)} ms (${report.coldFilters.queries} distinct URLs)`, met: report.coldFilters.p99 <= coldBound },
    { label: 'event-loop delay p99 ≤ 20 ms during the mix', value: `${fixed(mix.eventLoopP99, 1)} ms`, met: mix.eventLoopP99 <= 20 },
    { label: 'peak RSS ≤ 300 MB (whole run, crawls included)', value: `${fixed(mb(report.peakRssKb), 0)} MB`, met: mb(report.peakRssKb) <= 300 },
    ...postgresTargets(report),
  ];
}

const cpu = (r: { serverCpu: number; clientCpu: number }) => `${fixed(r.serverCpu, 0)} % | ${fixed(r.clientCpu, 0)} %`;
const mixRow = (name: string, r: MixResult) =>
  `| ${name} | ${fixed(r.rps, 0)} | ${fixed(r.p50, 1)} | ${fixed(r.p99, 1)} | ${fixed(r.max, 0)} | ${r.errors} | ${r.timeouts} | ${r.non2xx} | | ${cpu(r)} |`;
const crawlRow = (name: string, r: CrawlResult) =>
  `| ${name} | ${fixed(r.pagesPerS, 0)} | ${fixed(r.p50, 1)} | ${fixed(r.p99, 1)} | ${fixed(r.max, 0)} | ${r.load.errors} | ${r.load.timeouts} | ${r.load.non2xx} | ${r.load.tooMany} | ${cpu(r)} |`;

/** Each phase's distinct scripts, URLs and queries, beside the requests it asked. */
function distinctRows(report: RealisticReport): [string, Distinct][] {
  return [
    ['realistic mix', report.mix.distinct],
    ['the mix paced at half', report.paced.distinct],
    ['crawl', report.crawl.distinct],
    ['visitors beside the crawler', report.beside.visitors.distinct],
    ['the crawler beside the visitors', report.beside.crawler.distinct],
  ];
}

function distinctTable(report: RealisticReport): string {
  const rows = distinctRows(report).map(([name, d]) => `| ${name} | ${d.requests} | ${d.scripts} | ${d.urls} | ${d.queries} |`);
  return ['| traffic | requests asked | distinct scripts | distinct URLs | distinct queries |', '|---|---:|---:|---:|---:|', ...rows].join('\n');
}

function crawlNotes(report: RealisticReport): string {
  const { crawl, beside } = report;
  const ran = (r: CrawlResult) => (r.load.exhausted ? ' (ran out of pages no one had asked before the time was up)' : '');
  return `- Crawl: ${crawl.load.requests} pages asked, each by a new visitor (address and browser User-Agent)${ran(crawl)}; latency of the pages served (2xx). Server event-loop delay: p99 ${fixed(crawl.eventLoopP99, 1)} ms, max ${fixed(crawl.eventLoopMax, 1)} ms; ${fixed(mb(crawl.peakRssKb), 0)} MB sampled.
- Beside the crawler: visitors ${fixed(beside.visitors.rps, 0)} req/s, p99 ${fixed(beside.visitors.p99, 1)} ms; the crawler (-c ${beside.crawler.connections}) ${fixed(beside.crawler.pagesPerS, 0)} pages/s, p99 ${fixed(beside.crawler.p99, 1)} ms, ${beside.crawler.load.tooMany} × 429${ran(beside.crawler)}. Server event-loop delay: p99 ${fixed(beside.visitors.eventLoopP99, 1)} ms, max ${fixed(beside.visitors.eventLoopMax, 1)} ms; ${fixed(mb(beside.visitors.peakRssKb), 0)} MB sampled.`;
}

export function realisticMarkdown(report: RealisticReport, command: string, pinning: string | null): string {
  const { mix, paced, list, cold, crawl, beside } = report;
  const crawlS = report.options.crawlS;
  const generated = report.generatedMs === null ? 'reused' : `generated in ${fixed(report.generatedMs / 1000, 0)} s`;
  return `### ${report.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${report.count.toLocaleString('en')} scripts

Written by \`${command}\` on ${report.date.toISOString()} (catalogue ${generated}). CPU: ${pinning ?? 'not pinned'}.
Realistic mix: ${report.options.connections} connections for ${report.options.durationS} s from a cold start, autocannon, a new
\`X-Forwarded-For\` address and User-Agent version per request, \`Accept-Encoding: br, gzip\`.

| traffic | req/s (crawler: pages/s) | p50 ms | p99 ms | max ms | errors | time-outs | non-2xx | 429 | server CPU | client CPU |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${mixRow('realistic mix', mix)}
${mixRow(`the mix arriving at half that rate, ${PACED_S} s`, paced)}
${crawlRow(`crawl: pages no one asked, each by a new visitor, -c ${crawl.connections}, ${crawlS} s`, crawl)}
${mixRow(`visitors: the mix at half its rate beside the crawler, ${crawlS} s`, beside.visitors)}
${crawlRow(`the crawler beside them, -c ${beside.crawler.connections}`, beside.crawler)}
| repeated list page | ${fixed(list.rps, 0)} | | ${fixed(list.p99, 1)} | | | | | | | |

${distinctTable(report)}

- Mix ÷ repeated list page: ${fixed((mix.rps / list.rps) * 100, 1)} %. Server event-loop delay during the mix: p99 ${fixed(mix.eventLoopP99, 1)} ms, max ${fixed(mix.eventLoopMax, 1)} ms; paced: p99 ${fixed(paced.eventLoopP99, 1)} ms, max ${fixed(paced.eventLoopMax, 1)} ms. Peak RSS ${fixed(mb(report.peakRssKb), 0)} MB (VmHWM over the whole run, crawls included; ${fixed(mb(mix.peakRssKb), 0)} MB sampled during the mix).
${crawlNotes(report)}
- Cold search, ${cold.queries} corpus queries once each on an empty cache, one at a time over HTTP: p50 ${fixed(cold.p50, 1)} ms, p99 ${fixed(cold.p99, 1)} ms, max ${fixed(cold.max, 1)} ms. Slowest: ${cold.slowest.map((s) => `\`${s.q}\` ${fixed(s.ms, 1)} ms`).join(', ')}.
- Cold platform and executor filters (issue 27), ${report.coldFilters.queries} distinct listings once each on an empty cache, one at a time over HTTP: p50 ${fixed(report.coldFilters.p50, 1)} ms, p99 ${fixed(report.coldFilters.p99, 1)} ms, max ${fixed(report.coldFilters.max, 1)} ms. Slowest: ${report.coldFilters.slowest.map((s) => `\`${s.q}\` ${fixed(s.ms, 1)} ms`).join(', ')}.

${realisticTargets(report)
  .map((t) => `- ${t.met ? 'met' : '**MISSED**'} ${t.label}: ${t.value}`)
  .join('\n')}
`;
}

const distinctLine = ([name, d]: [string, Distinct]) => `    ${name}: ${d.requests} asked, ${d.scripts} scripts, ${d.urls} URLs, ${d.queries} queries`;

export function realisticTerminal(report: RealisticReport): string {
  const { mix, paced, crawl, beside } = report;
  return [
    '',
    `${report.database}, ${report.count.toLocaleString('en')} scripts`,
    `  mix: ${fixed(mix.rps, 0)} req/s, p50 ${fixed(mix.p50, 1)} ms, p99 ${fixed(mix.p99, 1)} ms, max ${fixed(mix.max, 0)} ms, server CPU ${fixed(mix.serverCpu, 0)} %, client CPU ${fixed(mix.clientCpu, 0)} %`,
    `  paced at half: ${fixed(paced.rps, 0)} req/s, p50 ${fixed(paced.p50, 1)} ms, p99 ${fixed(paced.p99, 1)} ms, event-loop delay p99 ${fixed(paced.eventLoopP99, 1)} ms`,
    `  crawl (-c ${crawl.connections}): ${fixed(crawl.pagesPerS, 0)} pages/s, p50 ${fixed(crawl.p50, 1)} ms, p99 ${fixed(crawl.p99, 1)} ms, max ${fixed(crawl.max, 0)} ms, ${crawl.load.tooMany} × 429, ${failureText(crawl.load)}, server CPU ${fixed(crawl.serverCpu, 0)} %, client CPU ${fixed(crawl.clientCpu, 0)} %`,
    `  visitors beside a crawler: ${fixed(beside.visitors.rps, 0)} req/s, p50 ${fixed(beside.visitors.p50, 1)} ms, p99 ${fixed(beside.visitors.p99, 1)} ms, max ${fixed(beside.visitors.max, 0)} ms, ${failureText(beside.visitors)}`,
    `  the crawler beside them (-c ${beside.crawler.connections}): ${fixed(beside.crawler.pagesPerS, 0)} pages/s, p99 ${fixed(beside.crawler.p99, 1)} ms, ${beside.crawler.load.tooMany} × 429, ${failureText(beside.crawler.load)}`,
    `  repeated list: ${fixed(report.list.rps, 0)} req/s, p99 ${fixed(report.list.p99, 1)} ms`,
    `  event-loop delay p99 ${fixed(mix.eventLoopP99, 1)} ms, max ${fixed(mix.eventLoopMax, 1)} ms; peak RSS ${fixed(mb(report.peakRssKb), 0)} MB (whole run)`,
    `  cold search: p50 ${fixed(report.cold.p50, 1)} ms, p99 ${fixed(report.cold.p99, 1)} ms, max ${fixed(report.cold.max, 1)} ms; slowest ${report.cold.slowest.map((s) => `"${s.q}" ${fixed(s.ms, 0)} ms`).join(', ')}`,
    `  cold platform and executor filters (${report.coldFilters.queries} distinct URLs): p50 ${fixed(report.coldFilters.p50, 1)} ms, p99 ${fixed(report.coldFilters.p99, 1)} ms, max ${fixed(report.coldFilters.max, 1)} ms; slowest ${report.coldFilters.slowest.map((s) => `"${s.q}" ${fixed(s.ms, 0)} ms`).join(', ')}`,
    '  distinct:',
    ...distinctRows(report).map(distinctLine),
    ...realisticTargets(report).map((t) => `  ${t.met ? 'met   ' : 'MISSED'} ${t.label}: ${t.value}`),
  ].join('\n');
}
