import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';
import type { Config } from '../config';

export type Schema = typeof schema;
/** PGlite and node-postgres share this type: repos never know which one they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * A statement text with its values, straight on the driver (node-postgres or PGlite), rows as plain
 * objects keyed by column alias. For the few hot paths whose text is built once (see
 * modules/devices/list-statement.ts); everything else goes through drizzle.
 * Both drivers parse timestamptz to Date, jsonb to values, int4/float8 to numbers.
 */
export async function driverQuery<T>(db: Db, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: { query(text: string, values: unknown[]): Promise<{ rows: T[] }> } }).$client;
  return (await client.query(text, values)).rows;
}

export interface Database {
  db: Db;
  kind: Config['database']['kind'];
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
// Any constant works: it only has to be the same for every instance migrating this database.
const MIGRATION_LOCK_KEY = 4_242_001;

export async function openDatabase(config: Config['database']): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => console.warn(`database: idle connection lost (${err.message})`));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    // Instances starting together must not run the same migration twice.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lock.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  // Loaded only here: the embedded database's module alone is ~35 MB of a server's memory, which a
  // server on PostgreSQL has no use for.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (config.dataDir) await mkdir(config.dataDir, { recursive: true });
  const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
