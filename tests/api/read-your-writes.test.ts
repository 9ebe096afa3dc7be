import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { BUILT_ENTRY, freePort, listeningPids, type RunningEntry, spawnEntry, waitForHealthy } from '../helpers/processes.ts';
import { scriptForm } from '../helpers/staff.ts';
import { until } from '../helpers/wait.ts';

// Read your writes across the workers of one machine (docs/decisions/0026-read-your-writes-across-workers.md):
// through a real WORKERS=2 server, an edit acknowledged through one worker is what the other worker
// answers at once. Each side is one kept-alive connection, and the worker holding each connection is
// read from /proc (which process owns the socket), so the reads provably reach the other worker.
// PostgreSQL's NOTIFY usually arrives first anyway; there the workers' LISTEN connections are cut
// before every edit (they come back after a second), so only the relay can keep the reads fresh.

const ADMIN = { username: 'rywadmin', password: 'read-your-writes-1' };
const ROUNDS = 200;


/** The pid among `pids` that holds the server side of the TCP connection from client port `clientPort` to `serverPort`. */
function ownerOfConnection(serverPort: number, clientPort: number, pids: number[]): number | undefined {
  const hexPort = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const line = fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(`:${hexPort(serverPort)}`) && fields[2]?.endsWith(`:${hexPort(clientPort)}`));
  const socket = `socket:[${line?.[9]}]`;
  return pids.find((pid) => fs.readdirSync(`/proc/${pid}/fd`).some((fd) => fs.readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' }) === socket));
}

/** One kept-alive connection: every request goes over the same socket, so to the same worker. */
class Connection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  localPort: number | undefined;

  constructor(private readonly port: number, private readonly token: string) {}

  async request(method: string, path: string, body?: FormData): Promise<{ status: number; json: unknown }> {
    const encoded = body ? new Request('http://form.invalid/', { method: 'POST', body }) : undefined;
    const payload = encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined;
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, ...(encoded ? { 'content-type': encoded.headers.get('content-type') ?? '' } : {}) };
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port: this.port, method, path, headers, agent: this.agent }, (response) => {
        // Every answer must come over the first socket: one connection, one worker.
        this.localPort ??= response.socket.localPort;
        if (response.socket.localPort !== this.localPort) reject(new Error('the connection was replaced'));
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : undefined }));
      });
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

describe.each(dialects)('read your writes across WORKERS=2 on %s', (dialect) => {
  let throwaway: ThrowawayDatabase;
  let server: RunningEntry;
  let port: number;
  const connections: Connection[] = [];
  let postgres: pg.Client | undefined;

  beforeAll(async () => {
    throwaway = await throwawayDatabase(dialect);
    port = await freePort();
    server = spawnEntry(
      { ...throwaway.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DEMO_CATALOGUE: 'off', WORKERS: '2', LOG_LEVEL: 'info', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
      BUILT_ENTRY,
    );
    await waitForHealthy(server, `http://127.0.0.1:${port}/api/health`, 60_000);
    await until('two workers listening', () => new Set(listeningPids(server.output().stdout)).size, (count) => count === 2);
    if (throwaway.database.kind === 'postgres') {
      postgres = new pg.Client({ connectionString: throwaway.database.url });
      await postgres.connect();
    }
  }, 90_000);
  afterAll(async () => {
    await postgres?.end();
    for (const connection of connections) connection.close();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await throwaway?.drop();
  });

  /** One connection to each worker, and which worker holds it. */
  async function oneConnectionPerWorker(token: string): Promise<{ connection: Connection; pid: number }[]> {
    const pids = listeningPids(server.output().stdout);
    const byPid = new Map<number, Connection>();
    for (let attempt = 0; attempt < 8 && byPid.size < 2; attempt += 1) {
      const connection = new Connection(port, token);
      connections.push(connection);
      expect((await connection.request('GET', '/api/health')).status).toBe(200);
      const pid = ownerOfConnection(port, connection.localPort as number, pids);
      if (pid !== undefined && !byPid.has(pid)) byPid.set(pid, connection);
    }
    expect(byPid.size).toBe(2);
    return [...byPid].map(([pid, connection]) => ({ pid, connection }));
  }

  it(`an edit acknowledged through one worker is what the other answers at once, ${ROUNDS} times; a stopped worker does not hang writes`, async () => {
    const login = await fetch(`http://127.0.0.1:${port}/api/al`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const [first, second] = await oneConnectionPerWorker(token);
    if (!first || !second) throw new Error('two workers expected');
    expect(first.pid).not.toBe(second.pid);

    const created = await first.connection.request('POST', '/api/ac', scriptForm({ playsname: 'Round 0', description: 'Read your writes', loadstring: 'print(1)' }));
    expect(created.status).toBe(201);
    const { id } = created.json as { id: number };
    const nameThrough = async (connection: Connection) => ((await connection.request('GET', `/api/scripts/${id}`)).json as { playsname: string }).playsname;

    const stale: { round: number; answered: string }[] = [];
    let current = 'Round 0';
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Alternate directions; the reader caches the current name first, so a stale cache would show.
      const [writer, reader] = round % 2 === 0 ? [first, second] : [second, first];
      expect(await nameThrough(reader.connection)).toBe(current);
      current = `Round ${round}`;
      await postgres?.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`);
      expect((await writer.connection.request('PATCH', `/api/update-script/${id}`, scriptForm({ playsname: current }))).status).toBe(200);
      const answered = await nameThrough(reader.connection);
      if (answered !== current) stale.push({ round, answered });
    }
    expect(stale).toEqual([]);
    // Still the same two connections, each held by its worker.
    const pids = [first.pid, second.pid];
    expect(ownerOfConnection(port, first.connection.localPort as number, pids)).toBe(first.pid);
    expect(ownerOfConnection(port, second.connection.localPort as number, pids)).toBe(second.pid);

    // A worker that cannot answer (stopped) holds a write for the relay's bound only, then catches up.
    process.kill(second.pid, 'SIGSTOP');
    try {
      expect((await first.connection.request('PATCH', `/api/update-script/${id}`, scriptForm({ playsname: 'While one was stopped' }))).status).toBe(200);
    } finally {
      process.kill(second.pid, 'SIGCONT');
    }
    await until('the wait to be logged', () => server.output().stdout, (stdout) => stdout.includes('another worker did not confirm this write within 1000 ms'), 5_000);
    await until('the resumed worker to answer the edit', () => nameThrough(second.connection), (name) => name === 'While one was stopped');
  }, 90_000);
});
