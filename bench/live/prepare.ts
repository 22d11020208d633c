/**
 * The database the server child of bench:live starts on: migrated, the demo seeded (its super
 * admin opens the consoles), and bench tenants with enrolment keys up to the wanted number. Done
 * from the bench process before the server starts: PGlite lets one process at a time in.
 */
import { asc, isNotNull } from 'drizzle-orm';
import { openDatabase } from '../../packages/server/src/db/client';
import { tenants } from '../../packages/server/src/db/schema/index';
import { seedDemo } from '../../packages/server/src/demo/seed';
import { newEnrolmentKey } from '../../packages/server/src/fleet/credentials';
import type { Config } from '../../packages/server/src/config';
import type { BenchTenant } from './fleet';

export async function prepareDatabase(config: Config['database'], password: string, tenantCount: number): Promise<BenchTenant[]> {
  const database = await openDatabase(config);
  try {
    const { db } = database;
    await seedDemo(db, password);
    const existing = await db.select().from(tenants).where(isNotNull(tenants.enrolmentKey));
    for (let i = existing.length; i < tenantCount; i++) {
      await db.insert(tenants).values({
        id: crypto.randomUUID(),
        name: `Bench ${i + 1}`,
        subscriptions: ['sdwan', 'ztna'],
        enrolmentKey: newEnrolmentKey(),
      });
    }
    const rows = await db.select().from(tenants).where(isNotNull(tenants.enrolmentKey)).orderBy(asc(tenants.name));
    return rows.slice(0, tenantCount).map((t) => ({ id: t.id, enrolmentKey: t.enrolmentKey! }));
  } finally {
    await database.close();
  }
}

export { scratchPostgres } from '../../packages/server/src/test/scratch-postgres';
