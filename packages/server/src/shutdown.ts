import type { FastifyInstance } from 'fastify';

/** What devices and consoles are told when the server goes: 1001 "going away", so they reconnect (to another instance, or this one restarted). */
export const SHUTDOWN_CLOSE = { code: 1001, reason: 'server shutting down' } as const;

/**
 * Closes every websocket with SHUTDOWN_CLOSE before the app's own close hooks run (the websocket
 * plugin's preClose): devices and consoles hear why instead of a bare drop.
 */
export function closeSocketsGoingAway(this: FastifyInstance, done: () => void): void {
  for (const client of this.websocketServer?.clients ?? []) client.close(SHUTDOWN_CLOSE.code, SHUTDOWN_CLOSE.reason);
  done();
}

/**
 * On SIGTERM or SIGINT: stop taking connections (Fastify's close stops listening and answers
 * requests that still arrive with 503), close the sockets, let requests under way finish, write
 * what the devices sent (flow batches, states), stop the periodic work and close the database —
 * all in the app's close hooks — then exit 0. If that takes longer than `timeoutMs`, or a second
 * signal comes, exit 1 at once.
 */
export function shutDownOnSignals(app: FastifyInstance, timeoutMs: number, exit: (code: number) => void = process.exit): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting without waiting`);
      exit(1);
      return;
    }
    closing = true;
    app.log.info(`${signal}: shutting down (no new devices or consoles; draining)`);
    const timer = setTimeout(() => {
      app.log.error(`shutdown still draining after ${timeoutMs / 1000} s: exiting`);
      exit(1);
    }, timeoutMs);
    timer.unref();
    app.close().then(
      () => {
        clearTimeout(timer);
        app.log.info('shut down: every connection closed, writes done, database closed');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(timer);
        app.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
