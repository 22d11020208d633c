/**
 * Prints the OpenAPI document the server serves at /api/docs/json, built from the real app on an
 * empty in-memory database (nothing listens, nothing is seeded), so the lint reads what users read.
 * Usage: node --import tsx packages/server/scripts/openapi.ts > openapi.json
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const base = loadConfig({ LOG_LEVEL: 'silent', DEMO: '0' });
const app = await buildApp({ ...base, webDist: null, redisUrl: null, database: { kind: 'pglite', dataDir: null } });
await app.ready();
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
