import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { armWatchdog } from './shutdown-watchdog';

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

/** How long writing out the log may take before the process exits anyway (a pipe nobody reads). */
const FLUSH_TIMEOUT_MS = 2_000;

/**
 * Exits once every log line written so far is out: pino writes asynchronously, and a line still
 * on its way when the process exits is lost (it was, sometimes, the last one: "shut down").
 */
function flushThenExit(log: FastifyBaseLogger, code: number, exit: (code: number) => void = process.exit): void {
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    exit(code);
  };
  setTimeout(end, FLUSH_TIMEOUT_MS).unref();
  const flush = (log as { flush?: (cb?: (err?: Error) => void) => void }).flush;
  if (flush) flush.call(log, end);
  else end();
}

/**
 * On SIGTERM or SIGINT: stop taking connections (Fastify's close stops listening and answers
 * requests that still arrive with 503), close the sockets, let requests under way finish, write
 * what the devices sent (flow batches, states), stop the periodic work and close the database —
 * all in the app's close hooks — then write out the log and exit 0.
 *
 * The deadline is `timeoutMs` from the signal, and holds even when the main thread is blocked
 * (PGlite): shortly before it, a timer on the main thread logs, flushes and exits 1; at the deadline
 * itself a watchdog thread writes its line and kills the process, if the timer could not run. A
 * second signal exits 1 at once.
 */
export function shutDownOnSignals(app: FastifyInstance, timeoutMs: number, exit: (code: number) => void = process.exit): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting without waiting`);
      flushThenExit(app.log, 1, exit);
      return;
    }
    closing = true;
    app.log.info(`${signal}: shutting down (no new devices or consoles; draining)`);
    const seconds = timeoutMs / 1000;
    const watchdog = armWatchdog(timeoutMs, `shutdown still draining after ${seconds} s, its main thread blocked: killed`);
    // Room for the flush before the watchdog's deadline.
    const timer = setTimeout(
      () => {
        app.log.error(`shutdown still draining close to its ${seconds} s limit: exiting`);
        flushThenExit(app.log, 1, exit);
      },
      Math.max(timeoutMs - Math.min(1_000, timeoutMs / 10), 0),
    );
    timer.unref();
    app.close().then(
      () => {
        clearTimeout(timer);
        app.log.info('shut down: every connection closed, writes done, database closed');
        void watchdog.disarm().finally(() => flushThenExit(app.log, 0, exit));
      },
      (err: unknown) => {
        clearTimeout(timer);
        app.log.error({ err }, 'shutdown failed');
        void watchdog.disarm().finally(() => flushThenExit(app.log, 1, exit));
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
