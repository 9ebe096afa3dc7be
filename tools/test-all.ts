// `npm test`: builds the web app, runs every test suite, and ends with one line `N passed, N failed`
// summing all suites. Exits non-zero when anything failed or when no test ran at all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
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

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { status: string; name: string; message?: string; assertionResults: { status: string }[] }[];
}

/** One vitest run, counted from its JSON report so files that broke before any test count as failures too. */
function vitest(label: string, extraArgs: string[]): Tally {
  const report = path.join(resultsDir, `${label}.json`);
  fs.rmSync(report, { force: true }); // a stale report must never stand in for this run
  const code = run('npx', ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
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

function main(): number {
  const tallies: Tally[] = [];
  // Server-rendered pages are tested against the production build, so it must be fresh.
  if (run('npm', ['run', 'build']) !== 0) {
    console.error('test-all: npm run build failed; no suite can run against it');
    tallies.push({ passed: 0, failed: 1 });
  } else {
    tallies.push(vitest('vitest', []));
    if (hasTestFiles(e2eDir)) {
      if (fs.existsSync(e2eConfig)) {
        tallies.push(vitest('e2e', ['--config', e2eConfig]));
      } else {
        console.error(`test-all: tests/e2e has test files but no ${path.relative(root, e2eConfig)}`);
        tallies.push({ passed: 0, failed: 1 });
      }
    }
  }
  const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
  const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
  if (passed + failed === 0) console.error('test-all: no test ran');
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

process.exitCode = main();
