import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { scratchPostgres, type ScratchDatabase } from '../test/scratch-postgres';
import { TcpProxy } from '../test/tcp-proxy';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a transaction whose BEGIN the database never answers (needs TEST_DATABASE_URL)', () => {
  let scratch: ScratchDatabase;
  let proxy: TcpProxy;
  let database: Database;

  beforeAll(async () => {
    scratch = await scratchPostgres(adminUrl!);
    const target = new URL(scratch.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    // The silenced BEGIN times out after queryTimeoutMs; the statements that must succeed get as long on a busy machine.
    database = await openDatabase({ kind: 'postgres', url: proxy.through(scratch.url), connectTimeoutMs: 10_000, queryTimeoutMs: 1_500 });
  });
  afterAll(async () => {
    await proxy?.close();
    await scratch?.drop();
  });

  it('gives its connection back to the pool, which closes without waiting for it', async () => {
    const { db } = database;
    await db.execute(sql`select 1`);
    proxy.silence();
    await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    proxy.speak();
    // The pool still serves, and its end does not wait on a connection nobody gives back.
    await expect(db.execute(sql`select 1`)).resolves.toBeDefined();
    const closed = await Promise.race([database.close().then(() => 'closed'), new Promise((r) => setTimeout(() => r('still waiting after 10 s'), 10_000))]);
    expect(closed).toBe('closed');
  });
});
