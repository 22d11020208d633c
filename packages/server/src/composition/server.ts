import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { AGENT_PATH, LIVE_PATH } from '@netloom/domain';
import type { Config } from '../config';
import { frameworkError, registerErrorHandling } from '../http/errors';
import { validatorCompiler } from '../http/validators';
import { errorLogSerializer } from '../http/error-log';
import { echoRequestId, logRequests, requestIdOf } from '../http/request-log';
import { AppMetrics, countSockets } from '../http/metrics';
import type { BuildOptions } from './options';

/** The Fastify instance with what every request goes through: validation, errors, logs, request ids, metrics. */
export interface Server {
  app: FastifyInstance;
  metrics: AppMetrics;
  openSockets: (kind: 'device' | 'console') => number;
}

export function createServer(config: Config, opts: BuildOptions, spa: boolean): Server {
  // Fastify's types lack the hop count its runtime accepts: the same rule as a function.
  const proxies = config.trustProxy;
  const app = Fastify({
    // Database errors are logged without their statement's parameters (http/error-log.ts).
    logger: { level: config.logLevel, serializers: { err: errorLogSerializer }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // One line per request instead, at a level by outcome (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: typeof proxies === 'number' ? (_address: string, hop: number) => hop < proxies : proxies,
    routerOptions: { ignoreTrailingSlash: true },
    // A UUID per request (or the proxy's id), written on every log line and echoed in x-request-id.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1_048_576,
    // A path the router refuses (bad encoding, a parameter too long) answers in the API's error shape.
    frameworkErrors: frameworkError,
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app, { spa });
  logRequests(app, { slowMs: 1000 });
  echoRequestId(app);
  const metrics = new AppMetrics();
  metrics.timeRequests(app);
  const openSockets = countSockets(app, { device: AGENT_PATH, console: LIVE_PATH });
  return { app, metrics, openSockets };
}
