import net from 'node:net';

/**
 * A plain TCP load balancer for tests, as a layer-4 balancer without health checks is: each new
 * client connection goes to the next backend in turn. When a backend dies, its clients'
 * connections close with it. A new connection sent to a dead backend is, by `deadBackend`:
 * - 'refuse': closed at once (the backend's host answered with a reset);
 * - 'hang': held open unanswered, as when the dead instance's address no longer answers at all
 *   (its container or host is gone) and the balancer waits for its connect timeout.
 */
export class TcpLoadBalancer {
  private next = 0;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    private readonly backends: number[],
    private readonly deadBackend: 'refuse' | 'hang',
  ) {}

  static async start(backendPorts: number[], deadBackend: 'refuse' | 'hang' = 'refuse'): Promise<TcpLoadBalancer> {
    const server = net.createServer();
    const lb = new TcpLoadBalancer(server, backendPorts, deadBackend);
    server.on('connection', (client) => lb.relay(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return lb;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  private relay(client: net.Socket): void {
    const port = this.backends[this.next++ % this.backends.length]!;
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => undefined);
    }
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      client.pipe(upstream).pipe(client);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      if (connected || this.deadBackend === 'refuse') client.destroy();
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}
