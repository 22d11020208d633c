import type { FastifyPluginAsync } from 'fastify';
import type { AppMetrics } from '../../http/metrics';

/**
 * GET /metrics beside the probes, in Prometheus' text format: this instance's request latency,
 * sockets, ingest, queues and process figures. Counts only, no tenant's data.
 */
export const metricsRoute: FastifyPluginAsync<{ metrics: AppMetrics }> = async (app, { metrics }) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary:
          "This instance's metrics in Prometheus' text format: request latency by route, device and console sockets, flow ingest, job and delivery queues, the process",
      },
    },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()),
  );
};
