import os from 'node:os';
import type { LoadResult } from './load.ts';
import type { QueryTiming } from './queries.ts';
import { fixed, mb } from './stats.ts';

export type ScenarioKey = 'list' | 'list-deep' | 'search-common' | 'search-rare' | 'search-cyrillic' | 'detail' | 'ssr' | 'ssr-detail';

export interface Row {
  key: ScenarioKey;
  scenario: string;
  path: string;
  connections: number;
  bytes: number;
  app: LoadResult;
  raw: LoadResult;
  /** Highest VmRSS of the real server sampled during this row's runs, kB. */
  appPeakKb: number;
}

export interface Report {
  date: Date;
  count: number;
  generatedMs: number | null;
  durationS: number;
  warmupS: number;
  rows: Row[];
  queries: QueryTiming[];
  /** Real server: RSS once healthy, and the kernel's high-water mark (VmHWM) at the end, kB. */
  startRssKb: number;
  peakRssKb: number;
  rawPeakRssKb: number;
  /** How servers and load generator were placed on the cores, or null when they shared them. */
  pinning: string | null;
}

export interface Target {
  label: string;
  value: string;
  met: boolean;
}

/** Highest CPU other processes used during a row's two measured runs, % of one core. */
const otherCpu = (row: Row) => Math.max(row.app.otherCpu, row.raw.otherCpu);
const DISTURBED_PERCENT = 15;

/** Other work on the machine competes with both servers and the load generator for the cores. */
function busyWarning(report: Report): string[] {
  const disturbed = report.rows.filter((row) => otherCpu(row) > DISTURBED_PERCENT);
  if (disturbed.length === 0) return [];
  const names = disturbed.map((row) => `${row.scenario} -c ${row.connections}`).join(', ');
  return [`WARNING: other processes used over ${DISTURBED_PERCENT} % of a core during: ${names}. Those figures are disturbed; re-run on a quiet machine.`];
}
const ratio = (row: Row) => row.app.rps / row.raw.rps;
const percent = (value: number) => `${fixed(value * 100, 0)} %`;

function find(report: Report, key: ScenarioKey, connections: number): Row | undefined {
  return report.rows.find((candidate) => candidate.key === key && candidate.connections === connections);
}

/** The targets whose scenarios ran (a run with --only judges just those). */
export function targets(report: Report): Target[] {
  const out: Target[] = [];
  const share = (key: ScenarioKey, label: string, floor: number) => {
    const row = find(report, key, 50);
    if (row) out.push({ label, value: percent(ratio(row)), met: ratio(row) >= floor });
  };
  share('list', 'list page 1 ≥ 80 % of raw req/s (-c 50)', 0.8);
  share('detail', 'detail ≥ 70 % of raw req/s (-c 50)', 0.7);
  share('ssr-detail', 'server-rendered /scripts/{id} ≥ 50 % of raw req/s (-c 50)', 0.5);
  const searches = (['search-common', 'search-rare', 'search-cyrillic'] as const).map((key) => find(report, key, 1)).filter((row) => row !== undefined);
  if (searches.length > 0) {
    const searchP99 = Math.max(...searches.map((row) => row.app.p99));
    out.push({ label: 'search p99 ≤ 10 ms (-c 1, worst of three terms)', value: `${fixed(searchP99, 2)} ms`, met: searchP99 <= 10 });
  }
  const peak = mb(report.peakRssKb);
  out.push({ label: 'peak RSS ≤ 200 MB', value: `${fixed(peak, 0)} MB`, met: peak <= 200 });
  return out;
}

function table(headers: string[], rows: string[][], style: 'markdown' | 'text'): string {
  if (style === 'markdown') {
    const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
    return [line(headers), line(headers.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
  }
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(headers), ...rows.map(line)].join('\n');
}

function loadTable(report: Report, style: 'markdown' | 'text'): string {
  const headers = ['scenario', '-c', 'app req/s', 'raw req/s', 'ratio', 'app p50 ms', 'app p99 ms', 'raw p50 ms', 'raw p99 ms', 'app CPU', 'client CPU app/raw', 'other CPU', 'app RSS MB', 'body bytes'];
  const rows = report.rows.map((row) => [
    row.scenario,
    String(row.connections),
    fixed(row.app.rps, 0),
    fixed(row.raw.rps, 0),
    percent(ratio(row)),
    fixed(row.app.p50, 2),
    fixed(row.app.p99, 2),
    fixed(row.raw.p50, 2),
    fixed(row.raw.p99, 2),
    `${fixed(row.app.serverCpu, 0)} %`,
    `${fixed(row.app.clientCpu, 0)} / ${fixed(row.raw.clientCpu, 0)} %`,
    `${fixed(otherCpu(row), 0)} %`,
    fixed(mb(row.appPeakKb), 0),
    String(row.bytes),
  ]);
  return table(headers, rows, style);
}

function queryTable(report: Report, style: 'markdown' | 'text'): string {
  const rows = report.queries.map((q) => [q.name, String(q.result), fixed(q.firstMs, 2), fixed(q.p50, 2), fixed(q.p99, 2)]);
  return table(['query (no cache)', 'rows / count', 'first ms', 'p50 ms', 'p99 ms'], rows, style);
}

function targetLines(report: Report, bullet: string): string[] {
  return targets(report).map((t) => `${bullet}${t.met ? 'met   ' : 'MISSED'} ${t.label}: ${t.value}`);
}

export function terminal(report: Report): string {
  return [
    '',
    loadTable(report, 'text'),
    '',
    queryTable(report, 'text'),
    '',
    `real server RSS: ${fixed(mb(report.startRssKb), 0)} MB once healthy, peak ${fixed(mb(report.peakRssKb), 0)} MB (VmHWM); raw server peak ${fixed(mb(report.rawPeakRssKb), 0)} MB`,
    ...targetLines(report, ''),
    ...busyWarning(report),
  ].join('\n');
}

export function markdown(report: Report, command: string): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const generated =
    report.generatedMs === null ? 'reused from bench/.cache' : `generated in ${fixed(report.generatedMs / 1000, 1)} s`;
  return `# Performance

Written by \`${command}\` (bench/run.ts); re-run it to refresh this page.

- Date: ${report.date.toISOString()}
- Machine: ${os.cpus().length} cores, ${cpu}, ${fixed(os.totalmem() / 2 ** 30, 1)} GiB RAM, ${os.type()} ${os.release()}
- Node ${process.version}; SQLite catalogue of ${report.count.toLocaleString('en')} scripts (${generated})
- CPU: ${report.pinning ?? 'not pinned: server and autocannon share the cores'}
- Each run: ${report.warmupS} s warm-up (discarded), then ${report.durationS} s measured with autocannon, keep-alive, no pipelining

${busyWarning(report).map((line) => `**${line}**\n\n`).join('')}## Targets (defined at 100,000 scripts)

${targetLines(report, '- ').join('\n')}

## Load: real server vs raw node:http

${loadTable(report, 'markdown')}

Real server RSS: ${fixed(mb(report.startRssKb), 0)} MB once healthy, peak ${fixed(mb(report.peakRssKb), 0)} MB (kernel VmHWM over the whole run). Raw server peak: ${fixed(mb(report.rawPeakRssKb), 0)} MB.

## Queries without the cache

Repository calls timed straight against the same database file: for each query one first call (shown apart), then 50 timed runs for p50 and p99 (with 50 runs, p99 is the slowest).

${queryTable(report, 'markdown')}

## What the numbers mean

- **raw** is a plain \`node:http\` server in its own process answering each path with the exact status, headers and body bytes the real server sent for it. **ratio** is app req/s ÷ raw req/s: the share of the raw ceiling left after routing, validation, hooks, security headers and the handler.
- The real server caches public answers in memory (server/scripts/public-cache.ts) until the next catalogue write or counted view, so after the first request the load rows measure the serving path, not SQLite. The query table shows what a cache miss costs.
- **app CPU** is the server process's CPU as % of one core (Node runs JavaScript on one core, so ~100 % means the server is the limit). **client CPU** is autocannon's own process during the app and the raw run: near 100 % the load generator, not the server, caps req/s (then the raw figure is a floor and the ratio flatters the app); ${report.pinning ? 'server and client each have a core of their own.' : `the machine has ${os.cpus().length} cores shared by server and client.`} **other CPU** is what every other process on the machine used meanwhile (the higher of the app and raw runs); above ${DISTURBED_PERCENT} % the row is disturbed.
- Latencies are per response, measured by autocannon at sub-millisecond resolution; p99 is nearest-rank.
- **app RSS MB** is the highest VmRSS sampled every 100 ms while that row ran.
`;
}
