import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_QUERY_TIMEOUT_MS, type Config } from '../config';
import { lockDataDir, type DataDirLockOptions } from './data-dir-lock';
import { isDatabaseUnavailable } from './unavailable';
import { ENGINE_MAJOR, upgradeDataDir } from './embedded-upgrade';
import type { PGlite } from '@electric-sql/pglite';
import type { PGlite as PGliteV03 } from 'pglite-v03';

type Schema = typeof schema;
/** PGlite and node-postgres share this type: repos never know which one they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: Config['database']['kind'];
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
// Any constant works: it only has to be the same for every instance migrating this database.
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * On a connection of its own, without the pool's statement timeout (a migration may rightly take
 * long), holding the lock in the same session that migrates.
 */
async function migratePostgres(url: string, connectTimeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, application_name: 'netloom migrate' });
  client.on('error', () => undefined); // a broken connection fails the statement under way instead
  await client.connect();
  // Instances starting together must not run the same migration twice.
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.end().catch(() => undefined);
  }
}

type Query = (...args: unknown[]) => unknown;

/**
 * A pool whose checked-out connections are let go once the database fails them. drizzle-orm's
 * pooled transaction() (0.45) sends BEGIN before the try/finally that releases its connection, and
 * releases it as healthy after a failed ROLLBACK (drizzle-team/drizzle-orm#6241, #6114): a BEGIN
 * that fails (the connection dropped in an outage, no answer within query_timeout) would hold its
 * connection for good, so every outage shrank the pool and pool.end() waited forever on close.
 * Here a connection taken with connect() whose statement fails for want of the database is
 * released with that error at once (the pool drops it); its holder's later release is ignored.
 */
class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    // pool.query's own checkouts (the callback form) release themselves with the error.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedOnceBroken);
  }
}

function releasedOnceBroken(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  const query = client.query as Query;
  let released = false;
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.query = query as pg.PoolClient['query'];
    release(err);
  };
  (client as { query: Query }).query = (...args: unknown[]) => {
    const result = query.apply(client, args);
    if (typeof args.at(-1) !== 'function' && result instanceof Promise) {
      result.catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) client.release(err as Error);
      });
    }
    return result;
  };
  return client;
}

/** Brings an embedded database, of either PGlite this server opens, to the newest migration. */
export async function migrateEmbedded(client: PGlite | PGliteV03): Promise<void> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  // The two engines' clients answer the same calls; drizzle's types only name the newer one.
  await migratePglite(drizzlePglite({ client: client as PGlite, schema, casing: 'snake_case' }), { migrationsFolder });
}

/**
 * Opens the database and brings it to the newest migration. An embedded database in a folder is
 * locked for as long as it is open (db/data-dir-lock.ts): a second process is refused.
 */
export async function openDatabase(config: Config['database'], lock: DataDirLockOptions = {}): Promise<Database> {
  if (config.kind === 'postgres') {
    await migratePostgres(config.url, config.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
    // During an outage every call fails within these bounds instead of hanging: no connection in
    // connectTimeoutMs (refused, or a full pool) or no answer in queryTimeoutMs (a silent network).
    const pool = new ReleasingPool({
      connectionString: config.url,
      max: 10,
      connectionTimeoutMillis: config.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      query_timeout: config.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'netloom',
      // No JIT: the console's queries are short, and on the analytics rollups compiling took a third
      // of a week-long chart's time (bench:flows) for nothing back.
      options: '-c jit=off',
    });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => console.warn(`database: idle connection lost (${err.message})`));
    // A checked-out connection (inside a transaction, between two statements) that breaks emits
    // 'error' on its client, where no listener would crash the process; its next statement fails
    // and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  // Loaded only here: the embedded database's module alone is ~35 MB of a server's memory, which a
  // server on PostgreSQL has no use for.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const unlock = config.dataDir ? await lockDataDir(config.dataDir, lock) : async () => undefined;
  try {
    if (config.dataDir) {
      const upgraded = await upgradeDataDir(config.dataDir, migrateEmbedded);
      if (upgraded)
        console.warn(
          `database: the embedded database in ${config.dataDir} was upgraded to PostgreSQL ${ENGINE_MAJOR} (${upgraded.rows} rows); the folder as it was is kept in ${upgraded.keptAs}`,
        );
      await mkdir(config.dataDir, { recursive: true });
    }
    const client = new PGlite({ dataDir: config.dataDir ?? undefined, loadDataDir: config.dataDir ? undefined : config.from });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        try {
          await client.close();
        } finally {
          await unlock();
        }
      },
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}
