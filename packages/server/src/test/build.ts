import type { FastifyInstance, InjectOptions } from 'fastify';
import { sessionSchema, type Session } from '@netloom/domain';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { seedDemo } from '../demo/seed';
import { scratchPostgres } from './scratch-postgres';

export type Backend = 'pglite' | 'postgres';
export const DEMO_PASSWORD = 'netloom-demo';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export function testBackends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, empty PostgreSQL database per app, dropped again on close. */
export const freshPostgres = () => scratchPostgres(process.env.TEST_DATABASE_URL!);

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database with the demo organisations seeded. */
export async function build(
  backend: Backend,
  overrides: (c: Config) => Config = (c) => c,
  shared?: { postgresUrl: string; seed: boolean },
  opts: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  // A second instance of a cluster joins the first one's database instead of making its own.
  const pgDb = shared ? { url: shared.postgresUrl, drop: async () => undefined } : backend === 'postgres' ? await freshPostgres() : null;
  const base = loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', PUBLIC_URL: 'http://console.test' });
  const config = overrides({
    ...base,
    webDist: null,
    database: pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'pglite', dataDir: null },
  });
  const database = await openDatabase(config.database);
  if (!shared || shared.seed) await seedDemo(database.db, DEMO_PASSWORD);
  const app = await buildApp(config, { database, logStream: opts.logStream });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(app: FastifyInstance, username: string, extra: Partial<InjectOptions> = {}): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { username, password: DEMO_PASSWORD },
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return sessionSchema.parse(res.json());
}
