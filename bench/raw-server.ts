import http from 'node:http';

/** One precomputed answer: the real server's status, headers and body bytes for a path. */
export interface Fixture {
  path: string;
  status: number;
  headers: [string, string][];
  bodyBase64: string;
}

/** Headers node:http manages itself, or that differ per response. */
const SKIPPED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * The baseline: a plain node:http server that answers each fixture path with the exact bytes the
 * real server sent, and nothing else. Run as a child of bench/run.ts: it receives the fixtures over
 * IPC and replies with its port.
 */
function serve(fixtures: Fixture[]) {
  const answers = new Map<string, { status: number; headers: string[]; body: Buffer }>();
  for (const fixture of fixtures) {
    const body = Buffer.from(fixture.bodyBase64, 'base64');
    const headers = fixture.headers.filter(([name]) => !SKIPPED.has(name)).flat();
    answers.set(fixture.path, { status: fixture.status, headers: [...headers, 'content-length', String(body.length)], body });
  }
  const server = http.createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') process.send?.({ port: address.port });
  });
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections(); // idle keep-alive sockets would hold close() open
  });
}

if (process.send) process.once('message', (message) => serve((message as { fixtures: Fixture[] }).fixtures));
