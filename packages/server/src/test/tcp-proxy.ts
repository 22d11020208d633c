import net from 'node:net';

/**
 * A TCP relay between the app and its database that a test can cut: `cut()` destroys every
 * connection and stops listening (new connections are refused), `restore()` listens again on the
 * same port. What a database outage, a failover or a broken network looks like to the driver.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | null = null;
  /** While set, what the app sends is dropped: a network gone silent, the connections still open. */
  private silent = false;
  port = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.listen(0);
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  private listen(port: number): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        // Either side going away ends the other: errors are the point of this relay, not failures of the test.
        s.on('error', () => undefined);
      }
      client.on('data', (data: Buffer) => {
        if (!this.silent) upstream.write(data);
      });
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  get isCut(): boolean {
    return this.server === null;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  /** The app's statements get no answer (they time out) until `speak()`. */
  silence(): void {
    this.silent = true;
  }

  speak(): void {
    this.silent = false;
  }

  async restore(): Promise<void> {
    if (this.server) return;
    await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
