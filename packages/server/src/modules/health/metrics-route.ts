import type { FastifyPluginAsync } from 'fastify';
import type { AppMetrics } from '../../http/metrics';
import { requireBearer } from '../../http/metrics-access';
import { publicRoute } from '../../http/route-kit';
import { errorResponses } from '../../http/openapi';
import { z } from 'zod';

/**
 * GET /metrics beside the probes (or on a listener of its own: composition/metrics-listener.ts),
 * in Prometheus' text format: this instance's request latency, sockets, ingest, queues and process
 * figures. Counts only, no tenant's data. With a token (METRICS_TOKEN) only scrapers that send it read it.
 */
export const metricsRoute: FastifyPluginAsync<{ metrics: AppMetrics; token: string | null }> = async (app, { metrics, token }) => {
  app.get(
    '/metrics',
    {
      // Like the probes: scraped without a session (a scraper has none); the token, if any, is its own.
      config: { ...publicRoute, files: ['text/plain'] },
      ...(token ? { onRequest: requireBearer(token) } : {}),
      schema: {
        tags: ['health'],
        response: { 200: z.unknown().describe("Prometheus' text exposition format"), ...(token ? errorResponses(401) : {}) },
        summary:
          "This instance's metrics in Prometheus' text format: request latency by route, device and console sockets, flow ingest, job and delivery queues, the process",
      },
    },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()),
  );
};
