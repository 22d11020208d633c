import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './client';
import { databaseReadiness } from './readiness';

describe('database readiness', () => {
  it('is ready on a migrated database, pending on one nobody migrated, unreachable once it is gone', async () => {
    const migrated = await openDatabase({ kind: 'pglite', dataDir: null });
    expect(await databaseReadiness(migrated.db)()).toEqual({ ok: true });
    await migrated.close();
    expect(await databaseReadiness(migrated.db)()).toEqual({ ok: false, reason: 'unreachable' });

    const client = new PGlite();
    // Started first: the probe times the database's answer, not the engine's start (seconds on a busy machine).
    await client.waitReady;
    try {
      expect(await databaseReadiness(drizzle({ client }) as unknown as Db)()).toEqual({ ok: false, reason: 'migrations_pending' });
    } finally {
      await client.close();
    }
  });
});
