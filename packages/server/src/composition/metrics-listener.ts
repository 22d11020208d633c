import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { registerErrorHandling } from '../http/errors';
import type { AppMetrics } from '../http/metrics';
import { metricsRoute } from '../modules/health/metrics-route';

/** /metrics on an address of its own (METRICS_LISTEN): started by server.ts after the main port, closed with the app. */
export interface MetricsListener {
  /** Listens on the configured address; answers the URL it serves /metrics at. */
  listen(): Promise<string>;
}

/**
 * A second, bare HTTP server that answers only GET /metrics, so the figures can sit on a loopback
 * or internal address that only the scraper reaches while the main port faces the clients.
 * Nothing else of the app is there: no console, no API, no sockets.
 */
export function metricsListener(app: FastifyInstance, metrics: AppMetrics, config: Config['metrics']): MetricsListener {
  const address = config.listen!;
  let server: FastifyInstance | null = null;
  app.addHook('onClose', async () => {
    await server?.close();
  });
  return {
    async listen() {
      server = Fastify({ loggerInstance: app.log, logController: new LogController({ disableRequestLogging: true }) });
      registerErrorHandling(server, { spa: false });
      // The route's answers are declared with zod (for the API document), as on the main port.
      server.setSerializerCompiler(serializerCompiler);
      await server.register(metricsRoute, { metrics, token: config.token });
      const url = await server.listen({ host: address.host, port: address.port });
      return `${url}/metrics`;
    },
  };
}
