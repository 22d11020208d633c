import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './client';
import { databaseReadiness } from './readiness';
import { migratedPglite } from '../test/pglite-template';

describe('database readiness', () => {
  // Two embedded databases start here, one of them empty (its initdb alone takes seconds): on a busy 2-core machine that was over 30 s.
  it('is ready on a migrated database, pending on one nobody migrated, unreachable once it is gone', { timeout: 120_000 }, async () => {
    const migrated = await openDatabase(await migratedPglite());
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
