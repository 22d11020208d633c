import './memory-profile';
import { buildApp } from './app';
import { isLoopback, loadConfig } from './config';
import { isDatabaseUnavailable, unavailableReason } from './db/unavailable';
import { demoLoginsText } from './demo/seed';
import { shutDownOnSignals } from './shutdown';

// Reads the config, builds the app (the demo included, when asked for) and listens.
const config = loadConfig();
const app = await buildApp(config);
// A promise nobody awaited that failed because the database is down must not take every device
// and console connection down with the process: it is logged, and service resumes with the
// database. Any other unhandled rejection is a bug and keeps Node's answer (the process exits).
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnavailable(reason)) throw reason;
  app.log.error({ reason: unavailableReason(reason) }, 'database unavailable (unhandled rejection)');
});
await app.listen({ port: config.port, host: config.host });
if (app.metricsListener) app.log.info(`Prometheus metrics: ${await app.metricsListener.listen()}`);
else if (!config.metrics.token && !isLoopback(config.host))
  app.log.warn('GET /metrics is open to anyone who reaches this port: set METRICS_TOKEN, or METRICS_LISTEN to serve it on an address of its own');
const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
app.log.info(`Netloom console: ${config.publicUrl}  (database: ${where})`);
if (config.demo.enabled) app.log.info(demoLoginsText(config.demo.password));

shutDownOnSignals(app, config.shutdownTimeoutMs);
