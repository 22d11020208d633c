import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices } from '../db/read-models/devices';
import { memberships, tenants, users } from '../db/read-models/identity';

/** What the demo reads: whether it was seeded, and what the demo fleet and the seeds acting in a member's name look up. */

export async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export interface DemoTenantKey {
  name: string;
  tenantId: string;
  enrolmentKey: string;
}

/** The named tenants' enrolment keys, by name (a tenant without a key is left out). */
export async function enrolmentKeysOf(db: Db, names: string[]): Promise<DemoTenantKey[]> {
  const rows = await db
    .select({ name: tenants.name, tenantId: tenants.id, enrolmentKey: tenants.enrolmentKey })
    .from(tenants)
    .where(inArray(tenants.name, names));
  return rows.filter((r): r is DemoTenantKey => r.enrolmentKey !== null).sort((a, b) => a.name.localeCompare(b.name));
}

export async function deviceCountOf(db: Db, tenantIds: string[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices).where(inArray(devices.tenantId, tenantIds));
  return row?.n ?? 0;
}

/** A tenant's member by e-mail, as the demo seeds act in their name; null when either is missing. */
export async function memberOf(
  db: Db,
  tenantName: string,
  email: string,
): Promise<{ tenantId: string; tenantName: string; userId: string; email: string } | null> {
  const [row] = await db
    .select({ tenantId: tenants.id, tenantName: tenants.name, userId: users.id, email: users.email })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(tenants.name, tenantName), eq(users.email, email)));
  return row ?? null;
}
