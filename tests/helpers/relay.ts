import net from 'node:net';

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
      const upstream = net.connect(5432, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
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
