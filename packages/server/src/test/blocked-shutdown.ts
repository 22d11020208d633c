import { buildApp } from '../app';
import { loadConfig } from '../config';
import { shutDownOnSignals } from '../shutdown';

/**
 * The server's own shutdown around an app whose close holds the main thread for BLOCK_MS, as PGlite
 * does when its close (or a long statement) runs synchronously on it. shutdown.test.ts runs it.
 */
const config = { ...loadConfig({ ...process.env, DEMO: '0' }), webDist: null, database: { kind: 'pglite' as const, dataDir: null } };
const app = await buildApp(config);
app.addHook('onClose', () => {
  const until = Date.now() + Number(process.env.BLOCK_MS ?? 0);
  while (Date.now() < until);
});
await app.listen({ port: 0, host: '127.0.0.1' });
app.log.info('listening');
shutDownOnSignals(app, config.shutdownTimeoutMs);
