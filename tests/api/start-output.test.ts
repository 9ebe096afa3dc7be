import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryEnv, freePort, STACK_LINE } from '../helpers/processes.ts';
import { until } from '../helpers/wait.ts';

// What a newcomer sees from `npm start` (issue 12): cli/start.mjs with no NODE_ENV, on the demo
// catalogue; quiet logs, one banner with the address and the generated admin, no React warning.
// Needs build/ (the test command builds first).

async function startOnce(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { NODE_ENV: _unset, ...rest } = entryEnv({ DATA_DIR: dataDir, PORT: String(port), ...env });
  const child = spawn(process.execPath, [path.join('cli', 'start.mjs')], { env: rest, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let closed = false;
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => ((closed = true), resolve(code))));
  const output = () => {
    if (closed) throw new Error(`npm start exited early\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    return stdout;
  };
  try {
    await until('the banner', output, (text) => text.includes('is ready: open'), 60_000);
    const page = await fetch(`${base}/scripts`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0] as string;
    expect((await fetch(`${base}${asset}`)).status).toBe(200);
    // What a browser asks while it hydrates and prefetches links.
    expect((await fetch(`${base}/__manifest?paths=%2Fscripts&version=x`)).status).toBeLessThan(500);
    const before = stdout.length;
    await fetch(`${base}/api/scripts/1`);
    await until('the request line', () => stdout.slice(before), (text) => text.includes('/api/scripts/1'));
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { code, stdout, stderr, base };
}

describe('npm start (cli/start.mjs) as a newcomer runs it', () => {
  it('prints the address and the generated admin once, one line per page or API call, no asset lines and no warnings', async () => {
    const { code, stdout, stderr, base } = await startOnce({ WORKERS: '1' });
    expect(code).toBe(0);
    expect(stdout).toContain(`is ready: open ${base}`);
    expect(stdout.match(/Admin account created: username "admin", password "[^"]+" \(shown once; log in at/g)).toHaveLength(1);
    // JSON lines when the output is no terminal: one per page or API call, none for the assets.
    const lines = stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { url?: string; msg: string });
    expect(lines.filter((line) => line.url === '/scripts')).toHaveLength(1);
    expect(lines.filter((line) => line.url?.startsWith('/assets/') || line.url?.startsWith('/__manifest'))).toEqual([]);
    for (const output of [stdout, stderr]) {
      expect(output).not.toMatch(/React encountered|Warning: |deprecated/i);
      expect(output).not.toMatch(STACK_LINE);
    }
  }, 120_000);

  it('LOG_FORMAT=pretty writes readable lines instead of JSON', async () => {
    const { code, stdout } = await startOnce({ WORKERS: '1', LOG_FORMAT: 'pretty' });
    expect(code).toBe(0);
    expect(stdout.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
    expect(stdout).toMatch(/GET \/scripts 200 \d+ ms/);
  }, 120_000);
});
