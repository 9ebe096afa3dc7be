// `npm test`: runs the unit tests, builds the web app, runs the API and browser suites, prints how
// long each step took and the whole run, and ends with one line `N passed, N failed` summing all
// suites. Exits non-zero when anything failed or when no test ran at all.
//
// The API and browser suites run one after the other, each printing as it goes. Side by side
// (TEST_SUITES_SIDE_BY_SIDE=1: the browser suite's output kept in test-results/e2e.log and printed once
// it ends) was slower on a clean clone, 17 min 32 s against about 16, and its contention made two
// timed tests fail (docs/decisions/0056-e2e-speed.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
const unitConfig = path.join(root, 'vitest.unit.config.ts');
const e2eDir = path.join(root, 'tests', 'e2e');
const e2eConfig = path.join(e2eDir, 'vitest.config.ts');

interface Tally {
  passed: number;
  failed: number;
}

/** Runs a command with the terminal attached and the environment passed through; returns its exit code. */
function run(command: string, args: string[]): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const child = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (child.error) {
    console.error(`test-all: could not start ${command}: ${child.error.message}`);
    return 1;
  }
  // A child killed by a signal has no status; that is a failure, never a pass.
  return child.status ?? 1;
}

/**
 * Like run, without blocking this process, so another suite's end is seen when it comes; with
 * `logFile`, the output goes there instead of the terminal.
 */
function runAsync(command: string, args: string[], logFile?: string): Promise<number> {
  const line = `$ ${command} ${args.join(' ')}\n`;
  const log = logFile === undefined ? undefined : fs.openSync(logFile, 'w');
  if (log === undefined) console.log(`\n${line}`);
  else fs.writeSync(log, line);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: log === undefined ? 'inherit' : ['ignore', log, log], env: process.env });
    const done = (code: number) => {
      if (log !== undefined) fs.closeSync(log);
      resolve(code);
    };
    child.once('error', (error) => {
      console.error(`test-all: could not start ${command}: ${error.message}`);
      done(1);
    });
    // A child killed by a signal has no code; that is a failure, never a pass.
    child.once('close', (code) => done(code ?? 1));
  });
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { status: string; name: string; message?: string; assertionResults: { status: string }[] }[];
}

/** The vitest command line of one suite, with the JSON report it is counted from. */
function vitestArgs(report: string, extraArgs: string[]): string[] {
  return ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
}

/** One vitest run, counted from its JSON report so files that broke before any test count as failures too. */
async function vitest(label: string, extraArgs: string[], logged: boolean): Promise<Tally> {
  const report = path.join(resultsDir, `${label}.json`);
  fs.rmSync(report, { force: true }); // a stale report must never stand in for this run
  const logFile = logged ? path.join(resultsDir, `${label}.log`) : undefined;
  const code = await runAsync('npx', vitestArgs(report, extraArgs), logFile);
  if (logFile) console.log(`\n${label} (kept in ${path.relative(root, logFile)} while it ran):\n${fs.readFileSync(logFile, 'utf8')}`);
  return tallyOf(label, report, code);
}

function tallyOf(label: string, report: string, code: number): Tally {
  if (!fs.existsSync(report)) {
    console.error(`test-all: ${label}: vitest exited with code ${code} and wrote no report`);
    return { passed: 0, failed: 1 };
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as VitestJson;
  let failed = json.numFailedTests;
  for (const file of json.testResults) {
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      console.error(`test-all: ${label}: ${path.relative(root, file.name)} failed outside any test: ${file.message ?? ''}`);
      failed += 1;
    }
  }
  // e.g. unhandled errors: vitest fails the run but no test or file carries the failure.
  if (code !== 0 && failed === 0) {
    console.error(`test-all: ${label}: vitest exited with code ${code}`);
    failed = 1;
  }
  return { passed: json.numPassedTests, failed };
}

function hasTestFiles(dir: string): boolean {
  if (!fs.existsSync(dir)) return false;
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((f) => f.endsWith('.test.ts'));
}

/** `1 min 05 s` or `7.3 s`. */
function duration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

interface Step {
  name: string;
  ms: number;
  tally?: Tally;
}
const steps: Step[] = [];

/** Runs one suite, noting its tally and how long it took (from its own start: suites may overlap). */
async function suite(name: string, extraArgs: string[], logged = false): Promise<Tally> {
  const started = performance.now();
  const tally = await vitest(name, extraArgs, logged);
  steps.push({ name, ms: performance.now() - started, tally });
  return tally;
}

/** The browser suite, or a failure when its files have no config; undefined when there are no files. */
function e2eSuite(logged: boolean): Promise<Tally> | undefined {
  if (!hasTestFiles(e2eDir)) return undefined;
  if (!fs.existsSync(e2eConfig)) {
    console.error(`test-all: tests/e2e has test files but no ${path.relative(root, e2eConfig)}`);
    return Promise.resolve({ passed: 0, failed: 1 });
  }
  return suite('e2e', ['--config', e2eConfig], logged);
}

function build(): boolean {
  const started = performance.now();
  const code = run('npm', ['run', 'build']);
  steps.push({ name: 'build', ms: performance.now() - started });
  return code === 0;
}

async function main(): Promise<number> {
  const started = performance.now();
  fs.mkdirSync(resultsDir, { recursive: true });
  // Unit tests need neither a database nor the build: they run first, so their failures show at once.
  const tallies: Tally[] = [await suite('unit', ['--config', unitConfig])];
  // Server-rendered pages are tested against the production build, so it must be fresh.
  if (!build()) {
    console.error('test-all: npm run build failed; no suite can run against it');
    tallies.push({ passed: 0, failed: 1 });
  } else if (process.env.TEST_SUITES_SIDE_BY_SIDE === '1') {
    const e2e = e2eSuite(true);
    tallies.push(await suite('api', []));
    if (e2e) tallies.push(await e2e);
  } else {
    tallies.push(await suite('api', []));
    const e2e = e2eSuite(false);
    if (e2e) tallies.push(await e2e);
  }
  const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
  const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
  if (passed + failed === 0) console.error('test-all: no test ran');
  console.log('');
  for (const { name, ms, tally } of steps) console.log(`${name.padEnd(6)} ${duration(ms).padStart(11)}${tally ? `  ${tally.passed} passed, ${tally.failed} failed` : ''}`);
  console.log(`${'total'.padEnd(6)} ${duration(performance.now() - started).padStart(11)}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

process.exitCode = await main();
