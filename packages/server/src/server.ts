import './memory-profile';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config';
import { isDatabaseUnavailable, unavailableReason } from './db/unavailable';
import { startDemoFleet } from './demo/demo-fleet';
import { demoLoginsText, seedDemo } from './demo/seed';

// Only listens (and starts the demo fleet): everything else is wired in buildApp.
const config = loadConfig();
const app = await buildApp(config);
// A promise nobody awaited that failed because the database is down must not take every device
// and console connection down with the process: it is logged, and service resumes with the
// database. Any other unhandled rejection is a bug and keeps Node's answer (the process exits).
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnavailable(reason)) throw reason;
  app.log.error({ reason: unavailableReason(reason) }, 'database unavailable (unhandled rejection)');
});
if (config.demo.enabled) {
  const seeded = await seedDemo(app.services.db, config.demo.password);
  if (seeded) app.log.info('Seeded the demo organisations and users');
}
await app.listen({ port: config.port, host: config.host });
const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
app.log.info(`Netloom console: ${config.publicUrl}  (database: ${where})`);
if (config.demo.enabled) app.log.info(demoLoginsText(config.demo.password));
// Only with the demo data: a production console must never grow simulated devices by default.
const demoFleet = config.demo.enabled && config.demo.fleet ? await startDemoFleet(app.services.db, config, app.server.address() as AddressInfo) : null;
if (demoFleet) app.log.info(`Demo fleet: ${demoFleet.devices.length} devices`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    // Devices first, so they say goodbye (offline) while the server still listens.
    void (demoFleet?.stop() ?? Promise.resolve()).then(() => app.close()).then(() => process.exit(0));
  });
}
