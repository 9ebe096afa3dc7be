import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './processes.ts';
import type { RealisticReport } from './realistic.ts';
import { fixed } from './stats.ts';

/**
 * `npm run bench -- --realistic --against <commit>`: the realistic mix on this build and on another
 * commit's, alternating, so that every figure is a ratio taken in one run of this machine (whose
 * speed varies threefold from day to day). The other commit is checked out beside this one in
 * bench/.cache/against/<sha> (a git worktree, this checkout's node_modules linked in) and built there;
 * each build gets the catalogue its own generator makes (bench/generate.ts of its commit), so neither
 * server meets a schema it does not know.
 */

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

export interface Build {
  label: string;
  root: string;
}

/** The other commit's checkout, built; made once and kept (the build is reused while its commit is the same). */
export function prepareAgainst(commit: string): Build {
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  const root = path.join(ROOT, 'bench', '.cache', 'against', sha.slice(0, 12));
  if (!fs.existsSync(path.join(root, 'package.json'))) {
    fs.rmSync(root, { recursive: true, force: true });
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', root, sha);
  }
  const modules = path.join(root, 'node_modules');
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(ROOT, 'node_modules'), modules);
  const lock = (dir: string) => fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  if (lock(root) !== lock(ROOT)) console.warn(`  note: ${sha.slice(0, 12)}'s package-lock.json differs from this checkout's; it runs on this checkout's node_modules`);
  if (!fs.existsSync(path.join(root, 'build', 'app', 'main.mjs'))) {
    console.log(`  building ${sha.slice(0, 12)} in ${path.relative(ROOT, root)}…`);
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  return { label: sha.slice(0, 12), root };
}

/** A SQLite catalogue of `count` scripts made by `build`'s own generator: its data directory. */
export function catalogueOf(build: Build, count: number): string {
  const script = `const { ensureCatalogue } = await import('./bench/generate.ts'); const c = await ensureCatalogue(${count}); console.log('\\n' + JSON.stringify({ dataDir: c.dataDir }));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: build.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const last = out.trim().split('\n').at(-1) ?? '';
  return (JSON.parse(last) as { dataDir: string }).dataDir;
}

/** The figures compared: higher is better for rates, lower for times and memory. */
const FIGURES: { name: string; better: 'higher' | 'lower'; of: (r: RealisticReport) => number }[] = [
  { name: 'mix req/s (saturated)', better: 'higher', of: (r) => r.mix.rps },
  { name: 'mix p99 ms (saturated)', better: 'lower', of: (r) => r.mix.p99 },
  { name: 'paced mix p50 ms', better: 'lower', of: (r) => r.paced.p50 },
  { name: 'paced mix p99 ms', better: 'lower', of: (r) => r.paced.p99 },
  { name: 'crawl pages/s', better: 'higher', of: (r) => r.crawl.pagesPerS },
  { name: 'crawl p99 ms', better: 'lower', of: (r) => r.crawl.p99 },
  { name: 'visitors beside the crawl p99 ms', better: 'lower', of: (r) => r.beside.visitors.p99 },
  { name: 'repeated list page req/s', better: 'higher', of: (r) => r.list.rps },
  { name: 'cold searches p99 ms', better: 'lower', of: (r) => r.cold.p99 },
  { name: 'cold filters p99 ms', better: 'lower', of: (r) => r.coldFilters.p99 },
  { name: 'peak RSS MB', better: 'lower', of: (r) => r.peakRssKb / 1024 },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The runs' medians per build and this build's ratio to the other, as a Markdown table. */
export function comparison(runs: { build: Build; report: RealisticReport }[], self: Build, other: Build): string {
  const of = (build: Build) => runs.filter((run) => run.build === build).map((run) => run.report);
  const rows = FIGURES.map(({ name, better, of: figure }) => {
    const mine = of(self).map(figure);
    const theirs = of(other).map(figure);
    const ratio = median(theirs) === 0 ? NaN : median(mine) / median(theirs);
    const spread = (values: number[]) => values.map((v) => fixed(v, 1)).join(', ');
    return `| ${name} | ${fixed(median(theirs), 1)} (${spread(theirs)}) | ${fixed(median(mine), 1)} (${spread(mine)}) | ${fixed(ratio, 2)} (${better} is better) |`;
  });
  return [`| figure | ${other.label}: median (runs) | this build (${self.label}): median (runs) | this / ${other.label} |`, '|---|---:|---:|---:|', ...rows].join('\n');
}
