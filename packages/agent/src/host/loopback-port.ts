import net from 'node:net';

/**
 * A loopback port nothing listens on, for a server another process binds a while later (the edge's
 * nginx). Drawn below Linux's ephemeral range (32768–60999): a port the system hands out for
 * `listen(0)` or as an outgoing connection's source could be taken again in that while, under a
 * busy test run, and nginx would then fail to bind.
 */
export async function freeLoopbackPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
