import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { ScriptRepository } from '../../server/scripts/repository.ts';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { freePort, spawnEntry, STACK_LINE, waitForHealthy } from '../helpers/processes.ts';

// The real entry (server/main.ts) in production mode, over real HTTP: it needs build/.

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const TOKEN = 'secret-token-123';
const COOKIE_VALUE = 'cookie-value-456';
const ADMIN_PASSWORD = 'admin-password-789';

interface LogLine {
  level: number;
  msg?: string;
  req?: { url?: string };
  url?: string;
  res?: { statusCode?: number };
}

function logLines(stdout: string): LogLine[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

interface ProbeServer {
  server: ReturnType<typeof spawnEntry>;
  port: number;
  base: string;
  scriptId: number;
}

/** The real entry on a fresh database, healthy, with one script written beside it. */
async function startProbeServer(throwaway: ThrowawayDatabase, env: Record<string, string>, onSpawn: (server: ProbeServer['server']) => void): Promise<ProbeServer> {
  const port = await freePort();
  const server = spawnEntry({
    ...throwaway.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DEMO_CATALOGUE: 'off',
    // Only the shutdown flush can write a view within these tests.
    VIEW_FLUSH_INTERVAL_MS: '3600000',
    ...env,
  });
  onSpawn(server);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(server, `${base}/api/health`);
  // The server has migrated the database; write a script beside it.
  const db = openDatabase(throwaway.database);
  const script = await new ScriptRepository(db).insert({
    playsname: 'Shutdown probe',
    description: '',
    loadstring: 'print(1)',
    imageKey: null,
    ownerModeratorId: null,
    channels: [],
  });
  await db.close();
  return { server, port, base, scriptId: script.id };
}

async function storedViews(throwaway: ThrowawayDatabase, scriptId: number): Promise<number> {
  const db = openDatabase(throwaway.database);
  try {
    const row = await db.kysely.selectFrom('scripts').select('views').where('id', '=', scriptId).executeTakeFirstOrThrow();
    return Number(row.views);
  } finally {
    await db.close();
  }
}

describe.each(dialects)('the running server on %s', (dialect) => {
  it.each([
    ['info', 'SIGTERM'],
    ['trace', 'SIGINT'],
  ] as const)(
    'at LOG_LEVEL=%s, %s flushes buffered views, exits 0 and never logs credentials',
    async (logLevel, signal) => {
      const throwaway = await throwawayDatabase(dialect);
      let running: ReturnType<typeof spawnEntry> | undefined;
      try {
        const env = { LOG_LEVEL: logLevel, ADMIN_USERNAME: 'log_admin', ADMIN_PASSWORD };
        const { server, base, scriptId } = await startProbeServer(throwaway, env, (spawned) => (running = spawned));
        const script = { id: scriptId };

        const headers = { 'user-agent': BROWSER, authorization: `Bearer ${TOKEN}`, cookie: `session=${COOKIE_VALUE}; theme=dark` };
        const detail = await fetch(`${base}/api/scripts/${script.id}`, { headers });
        expect(detail.status).toBe(200);
        expect((await detail.json()).views).toBe(0);
        // Written by another process: the server drops what it had read (its warm-up read the empty list)
        // once the change reaches it, within SQLite's poll period (docs/decisions/0007-every-core-and-many-instances.md).
        await expect
          .poll(async () => {
            const listing = await fetch(`${base}/scripts`, { headers });
            return `${listing.status} ${await listing.text()}`;
          })
          .toMatch(/^200 [\s\S]*Shutdown probe/);

        // A multipart upload, logged at trace level with its headers: the token must still not appear.
        const login = await fetch(`${base}/api/al`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'log_admin', password: ADMIN_PASSWORD }),
        });
        expect(login.status).toBe(200);
        const { token: adminToken } = (await login.json()) as { token: string };
        const form = new FormData();
        form.set('playsname', 'Logged upload');
        form.set('description', 'Uploaded while tracing');
        form.set('loadstring', 'print(2)');
        const created = await fetch(`${base}/api/ac`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
        expect(created.status, await created.clone().text()).toBe(201);

        server.child.kill(signal);
        const exit = await server.exited;
        expect(exit.code, exit.stderr).toBe(0);

        expect(await storedViews(throwaway, script.id)).toBe(1);

        // The logs did record the requests...
        const lines = logLines(exit.stdout);
        // (one short line per call at info, Fastify's own request and reply lines at debug and trace)
        expect(lines.some((line) => (line.req?.url ?? line.url) === `/api/scripts/${script.id}`)).toBe(true);
        expect(lines.some((line) => line.msg === `${signal} received: closing`)).toBe(true);
        // ...but no credential, at any level, on either stream.
        for (const output of [exit.stdout, exit.stderr]) {
          expect(output).not.toContain(TOKEN);
          expect(output).not.toContain(adminToken);
          expect(output).not.toContain(ADMIN_PASSWORD);
          expect(output).not.toContain(COOKIE_VALUE);
          expect(output).not.toMatch(STACK_LINE);
        }
      } finally {
        // A failed assertion before the signal must not leave the server running.
        if (running && running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
        await throwaway.drop();
      }
    },
    60_000,
  );

  it(
    'a SIGTERM with a request stuck in flight still flushes buffered views and exits 0 within a bounded time',
    async () => {
      const throwaway = await throwawayDatabase(dialect);
      let running: ReturnType<typeof spawnEntry> | undefined;
      const stuck: net.Socket[] = [];
      try {
        const { server, port, base, scriptId } = await startProbeServer(throwaway, { LOG_LEVEL: 'warn' }, (spawned) => (running = spawned));
        expect((await fetch(`${base}/api/scripts/${scriptId}`, { headers: { 'user-agent': BROWSER } })).status).toBe(200);

        // Requests that will never finish on their own: bodies announced but only partly sent
        // (a slow or hostile client), one of them a multipart upload.
        for (const contentType of ['application/json', 'multipart/form-data; boundary=X']) {
          const socket = net.connect(port, '127.0.0.1');
          socket.on('error', () => undefined);
          await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
          socket.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: 100000\r\n\r\n{"UserName":`);
          stuck.push(socket);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));

        const signalled = Date.now();
        server.child.kill('SIGTERM');
        const exit = await server.exited;
        expect(exit.code, exit.stderr + exit.stdout).toBe(0);
        // The grace period (5 s) and the flush, not the 60 s request timeout, bound the stop.
        expect(Date.now() - signalled).toBeLessThan(12_000);

        expect(await storedViews(throwaway, scriptId)).toBe(1);
      } finally {
        for (const socket of stuck) socket.destroy();
        if (running && running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
        await throwaway.drop();
      }
    },
    60_000,
  );
});
