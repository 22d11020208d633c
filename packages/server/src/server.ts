import { buildApp } from './app';
import { loadConfig } from './config';
import { demoLoginsText, seedDemo } from './demo/seed';

// Only listens: everything else is wired in buildApp.
const config = loadConfig();
const app = await buildApp(config);
if (config.demo.enabled) {
  const seeded = await seedDemo(app.services.db, config.demo.password);
  if (seeded) app.log.info('Seeded the demo organisations and users');
}
await app.listen({ port: config.port, host: config.host });
const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
app.log.info(`Netloom console: ${config.publicUrl}  (database: ${where})`);
if (config.demo.enabled) app.log.info(demoLoginsText(config.demo.password));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    void app.close().then(() => process.exit(0));
  });
}
