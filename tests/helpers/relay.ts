import net from 'node:net';

/** A connection to PostgreSQL for `client`: both kept in `sockets` while open, each ended with the other. */
function connectUpstream(client: net.Socket, sockets: Set<net.Socket>): net.Socket {
  const upstream = net.connect(5432, '127.0.0.1');
  for (const socket of [client, upstream]) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  }
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
  return upstream;
}

/**
 * A TCP relay to 127.0.0.1:5432 that can be cut (connections destroyed, new ones refused by the OS),
 * made to hang up on every new connection as a server still starting does, and restored.
 */
export class CuttableRelay {
  private server: net.Server | undefined;
  private hangingUp = false;
  private readonly sockets = new Set<net.Socket>();
  /** Connections a client made through the relay that are still open. */
  readonly clients = new Set<net.Socket>();
  port = 0;

  /** Listens (again, on the same port once it has one), or stops hanging up. */
  async open(): Promise<void> {
    this.hangingUp = false;
    if (this.server) return;
    const server = net.createServer((client) => {
      if (this.hangingUp) return void client.destroy();
      this.clients.add(client);
      client.on('close', () => this.clients.delete(client));
      const upstream = connectUpstream(client, this.sockets);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Ends every connection through it and refuses new ones until open() again. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }

  /** Ends every connection through it and hangs up on new ones at once until open() again. */
  hangUp(): void {
    this.hangingUp = true;
    for (const socket of this.sockets) socket.destroy();
  }

  /** A URL of the same database through the relay. */
  through(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.host = `127.0.0.1:${this.port}`;
    return url.toString();
  }
}

/** A simple-protocol COMMIT as node-postgres sends it: `Q`, the length, `commit` and its NUL. */
const COMMIT_QUERY = Buffer.concat([Buffer.from('Q'), Buffer.from([0, 0, 0, 11]), Buffer.from('commit\0')]);

/**
 * A TCP relay to 127.0.0.1:5432 that can lose a COMMIT's answer: once armed, the next COMMIT a client
 * sends reaches the server, which commits; its answer never comes back, the connection is cut, and
 * every new connection is hung up on until open() again. What a client sees of a server that
 * committed and then went away before saying so.
 */
export class CommitLosingRelay {
  private server: net.Server | undefined;
  private hangingUp = false;
  private armed: (() => void) | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  async open(): Promise<void> {
    this.hangingUp = false;
    if (this.server) return;
    const server = net.createServer((client) => this.relay(client));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Resolves once a COMMIT was answered by the server and that answer dropped. */
  loseNextCommit(): Promise<void> {
    return new Promise((resolve) => (this.armed = resolve));
  }

  hangUp(): void {
    this.hangingUp = true;
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.hangUp();
    await new Promise((resolve) => this.server?.close(resolve));
    this.server = undefined;
  }

  through(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.host = `127.0.0.1:${this.port}`;
    return url.toString();
  }

  private relay(client: net.Socket): void {
    if (this.hangingUp) return void client.destroy();
    const upstream = connectUpstream(client, this.sockets);
    let losing: (() => void) | undefined;
    client.on('data', (chunk: Buffer) => {
      if (this.armed && chunk.includes(COMMIT_QUERY)) {
        losing = this.armed;
        this.armed = undefined;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!losing) return void client.write(chunk);
      // The server's answer to the COMMIT: it committed; the client never learns it.
      this.hangUp();
      losing();
    });
  }
}
