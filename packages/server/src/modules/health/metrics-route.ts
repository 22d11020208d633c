import type { FastifyPluginAsync } from 'fastify';

export interface Metric {
  name: string;
  help: string;
  type: 'counter' | 'gauge';
  value: number;
}

/** Prometheus' text format (version 0.0.4): what any scraper reads. */
export function exposition(metrics: Metric[]): string {
  return metrics.map((m) => `# HELP ${m.name} ${m.help}\n# TYPE ${m.name} ${m.type}\n${m.name} ${m.value}\n`).join('');
}

/**
 * GET /metrics beside the probes: this instance's counters for a scraper (what ingest stored,
 * found duplicated, shed with 'busy', refused as out of window). Counts only, no tenant's data.
 */
export const metricsRoute: FastifyPluginAsync<{ metrics: () => Metric[] }> = async (app, { metrics }) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: "This instance's counters in Prometheus' text format (flow ingest: stored, duplicate, shed, out of window, queued)",
      },
    },
    async (_request, reply) => reply.type('text/plain; version=0.0.4').send(exposition(metrics())),
  );
};
