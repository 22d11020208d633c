import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** prom-client's gauges that repeat the sum of a by-type gauge under a counter's suffix. */
const REDUNDANT_TOTALS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** Prometheus' naming rule, where names are given: `_total` marks a counter, and only a counter. */
function checkName(name: string, type: 'counter' | 'gauge'): void {
  if (name.endsWith('_total') !== (type === 'counter')) throw new Error(`${name}: a ${type} ${type === 'counter' ? 'ends' : 'does not end'} in _total`);
}

/** A value read when the scraper asks (a count in the database, a socket count, a running total). */
export type Reading = () => number | Promise<number>;

/**
 * This instance's metrics for Prometheus (prom-client): the process's own (CPU, memory, event-loop
 * lag, GC), request latency by route, and readings the composition root adds (sockets, ingest,
 * queues). One registry per app, so tests that build several apps in one process keep them apart.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_class'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'netloom_' });
    // prom-client adds three gauges named `…_total`, a suffix Prometheus keeps for counters (promtool
    // check metrics refuses them, and rate() over one would be nonsense). Each is the sum of the
    // by-type gauge beside it, so it goes: `sum(netloom_nodejs_active_handles)` gives it back.
    for (const gauge of REDUNDANT_TOTALS) this.registry.removeSingleMetric(`netloom_${gauge}`);
    this.requests = new Histogram({
      name: 'netloom_http_request_duration_seconds',
      help: 'HTTP requests answered, by method, route (the pattern, not the URL) and status class',
      labelNames: ['method', 'route', 'status_class'],
      // From a cached read to a slow report listing: the console's calls live between 5 ms and 2 s.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  /** Times every answered request; socket upgrades are left out (their "response time" is the socket's life). */
  timeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode === 101 || request.headers.upgrade !== undefined) return;
      // Unmatched URLs (404s, static files) share one label: a scanner must not grow the label set.
      const route = request.routeOptions.url ?? 'unmatched';
      this.requests.observe({ method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
    });
  }

  /** A value that goes up and down, read at scrape time. */
  gauge(name: string, help: string, read: Reading): void {
    checkName(name, 'gauge');
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** A running total kept elsewhere (e.g. the flow ingest's), read at scrape time. */
  counter(name: string, help: string, read: Reading): void {
    checkName(name, 'counter');
    new Counter({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.reset();
        this.inc(await read());
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/**
 * Counts the websockets open on this instance by the path they were opened on (devices on the
 * agent path, consoles on the live path): counted at the upgrade request, let go when the
 * connection underneath closes, whatever the socket's own code did.
 */
export function countSockets(app: FastifyInstance, kinds: Record<string, string>): (kind: string) => number {
  const open = new Map<string, number>(Object.keys(kinds).map((k) => [k, 0]));
  app.addHook('onRequest', async (request) => {
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
    const kind = Object.entries(kinds).find(([, prefix]) => request.url.startsWith(prefix))?.[0];
    if (!kind) return;
    open.set(kind, open.get(kind)! + 1);
    request.raw.socket.once('close', () => open.set(kind, open.get(kind)! - 1));
  });
  return (kind) => open.get(kind) ?? 0;
}
