import { openDatabase } from '../db/client';
import { seedDemo } from '../demo/seed';

/**
 * An in-memory database migrated and seeded with the demo, dumped to a tarball. Migrating a fresh
 * PGlite costs ~3 s of CPU; loading the dump a fifth of that, and a run builds the app hundreds of
 * times. Migrations themselves still run from nothing wherever a server starts (npm start, the
 * journeys, the backup and readiness suites).
 */
export async function dumpTemplate(password: string): Promise<Blob> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await seedDemo(database.db, password);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    return await client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}
