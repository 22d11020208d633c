import type { FastifyInstance, InjectOptions } from 'fastify';
import { sessionSchema, type Session } from '@netloom/domain';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { seedDemo } from '../demo/seed';
import { DEMO_PASSWORD } from './demo-password';
import { pgliteTemplate } from './pglite-template';

export { DEMO_PASSWORD };
import { scratchPostgres } from './scratch-postgres';

export type Backend = 'pglite' | 'postgres';

/**
 * Why a suite also runs on PostgreSQL. PGlite is PostgreSQL itself on one connection: SQL, schema
 * and migrations behave alike there, so a suite runs on both only when what it tests can differ.
 */
export type DiffersOnPostgres =
  /** Several connections at once: row locks, unique races, skip locked. PGlite runs one statement at a time. */
  | 'concurrent writes'
  /** Periodic work once per cluster: PGlite takes no advisory lock. */
  | 'advisory locks'
  /** Partitions created and dropped while other connections read and write. */
  | 'partitions'
  /** node-postgres parses values (timestamps, bigints) and reports errors unlike PGlite. */
  | 'driver';

/**
 * Where a suite runs; every suite says which: `testBackends('pglite')`, or why it can differ on
 * PostgreSQL. Every suite runs in the server project on PGlite; one that says why it can differ
 * also runs in the postgres project (vitest.config.ts finds it by that argument), which exists when
 * TEST_DATABASE_URL names a server. Outages, restarts and two instances are PostgreSQL-only suites
 * of their own, by name: *.postgres.test.ts and *.cluster.test.ts.
 */
export function testBackends(scope: 'pglite' | DiffersOnPostgres): Backend[] {
  // NETLOOM_TEST_BACKEND is the project's (vitest.config.ts); a file run on its own outside them runs where it says.
  const project = process.env.NETLOOM_TEST_BACKEND;
  if (project === 'pglite') return ['pglite'];
  if (project === 'postgres') return ['postgres'];
  return scope !== 'pglite' && process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
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
  opts: Pick<BuildOptions, 'logStream' | 'sectionProviders' | 'resolveHost' | 'webhookMayReach'> = {},
): Promise<TestApp> {
  // A second instance of a cluster joins the first one's database instead of making its own.
  const pgDb = shared ? { url: shared.postgresUrl, drop: async () => undefined } : backend === 'postgres' ? await freshPostgres() : null;
  const base = loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', PUBLIC_URL: 'http://console.test' });
  const config = overrides({
    ...base,
    // Suites run side by side on one Redis: a cluster's instances share a prefix (named by their
    // database), other suites' clusters have others.
    redisPrefix: `test:${shared?.postgresUrl ?? pgDb?.url ?? crypto.randomUUID()}:`,
    webDist: null,
    database: pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'pglite', dataDir: null },
    // No test reaches the internet's DNS: a protected domain resolves to nothing unless a test answers for it.
    waf: { ...base.waf, addressLookup: async () => [] },
  });
  // An in-memory PGlite starts from the run's migrated, seeded template when there is one.
  const template = config.database.kind === 'pglite' && config.database.dataDir === null ? await pgliteTemplate() : null;
  const database = await openDatabase(template ? { kind: 'pglite', dataDir: null, from: template } : config.database);
  if (!template && (!shared || shared.seed)) await seedDemo(database.db, DEMO_PASSWORD);
  const app = await buildApp(config, { database, ...opts });
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
