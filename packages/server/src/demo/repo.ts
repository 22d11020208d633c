import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { WebFilterPolicy } from '@netloom/domain';
import { devices, memberships, tenants, users, webFilterPolicies, webFilterSettings } from '../db/schema/index';

/** The demo's statements: the seed it writes once and what the demo fleet reads back. */

export async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function insertTenant(db: Db, row: typeof tenants.$inferInsert): Promise<void> {
  await db.insert(tenants).values(row);
}

export async function insertUser(
  db: Db,
  row: typeof users.$inferInsert & { id: string },
  membership: Omit<typeof memberships.$inferInsert, 'userId'> | null,
): Promise<void> {
  await db.insert(users).values(row);
  if (membership) await db.insert(memberships).values({ ...membership, userId: row.id });
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

/** A tenant's web filter as the demo starts it: on, with its policies in order (devices get it as they enrol). */
export async function insertWebFilter(db: Db, tenantId: string, policies: WebFilterPolicy[]): Promise<void> {
  await db.insert(webFilterSettings).values({ tenantId, status: true, defaultActionBlocked: false });
  for (const { id: _template, order, name, ...rules } of policies)
    await db.insert(webFilterPolicies).values({ id: crypto.randomUUID(), tenantId, position: order, name, rules });
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
