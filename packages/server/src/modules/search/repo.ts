import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { likePattern, likePrefix } from '../../db/sql-helpers';
import { configTemplates } from '../../db/read-models/config';
import { devices } from '../../db/read-models/devices';
import { heldInvitations } from '../../db/read-models/held-invitations';
import { memberships, users } from '../../db/read-models/identity';
import { networks } from '../../db/read-models/networks';
import { userGroups } from '../../db/read-models/user-groups';
import { webFilterPolicies } from '../../db/read-models/web-filter';
import { ztnaPolicies } from '../../db/read-models/ztna';

/** The text searched for, as the two patterns every query uses: anywhere, and at the start. */
export interface Needle {
  anywhere: string;
  start: string;
}
export const needleOf = (text: string): Needle => ({ anywhere: likePattern(text), start: likePrefix(text) });

export interface NamedRow {
  id: string;
  name: string;
  detail: string | null;
}

type Text = PgColumn | SQL;

/** 0 when one of the texts starts with the needle, else 1: prefix matches come first. */
const rank = (n: Needle, ...texts: Text[]) => sql<number>`case when ${or(...texts.map((t) => ilike(t, n.start)))} then 0 else 1 end`;
const matches = (n: Needle, ...texts: Text[]) => or(...texts.map((t) => ilike(t, n.anywhere)))!;

/** Rows of one tenant-owned table named `name`, best first: the shape four of the kinds share. */
async function byName(
  db: Db,
  table: typeof networks | typeof userGroups | typeof configTemplates | typeof webFilterPolicies | typeof ztnaPolicies,
  detail: SQL<string | null>,
  tenantId: string,
  n: Needle,
  limit: number,
): Promise<NamedRow[]> {
  return db
    .select({ id: table.id, name: table.name, detail })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), matches(n, table.name)))
    .orderBy(rank(n, table.name), asc(sql`lower(${table.name})`), asc(table.id))
    .limit(limit);
}

export const deviceGroups = (db: Db, tenantId: string, n: Needle, limit: number) => byName(db, networks, sql<null>`null`, tenantId, n, limit);
export const userGroupsNamed = (db: Db, tenantId: string, n: Needle, limit: number) =>
  byName(db, userGroups, sql<string | null>`nullif(${userGroups.description}, '')`, tenantId, n, limit);
export const templates = (db: Db, tenantId: string, n: Needle, limit: number) =>
  byName(db, configTemplates, sql<string | null>`nullif(${configTemplates.description}, '')`, tenantId, n, limit);
export const webFilterPoliciesNamed = (db: Db, tenantId: string, n: Needle, limit: number) =>
  byName(db, webFilterPolicies, sql<null>`null`, tenantId, n, limit);
export const accessPolicies = (db: Db, tenantId: string, n: Needle, limit: number) => byName(db, ztnaPolicies, sql<null>`null`, tenantId, n, limit);

/** The tenant's devices in its inventory (not the unclaimed ones) by name or serial. */
export async function devicesNamed(db: Db, tenantId: string, n: Needle, limit: number) {
  return db
    .select({ id: devices.id, name: devices.name, serial: devices.serial, kind: devices.kind })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true), matches(n, devices.name, devices.serial)))
    .orderBy(rank(n, devices.name, devices.serial), asc(sql`lower(${devices.name})`), asc(devices.id))
    .limit(limit);
}

const memberName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
const heldName = sql<string>`trim(${heldInvitations.firstName} || ' ' || ${heldInvitations.lastName})`;

/**
 * The tenant's users by name or e-mail: its members, and its held invitations, which the user list
 * shows as pending members (leaving them out would tell that an invited address has an account).
 */
export async function tenantUsers(db: Db, tenantId: string, n: Needle, limit: number): Promise<{ id: string; name: string; email: string }[]> {
  const rows = await unionAll(
    db
      .select({
        id: users.id,
        name: memberName.as('name'),
        email: users.email,
        rank: rank(n, memberName, users.email).as('rank'),
        sortKey: sql<string>`lower(coalesce(nullif(${memberName}, ''), ${users.email}))`.as('sort_key'),
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, tenantId), matches(n, memberName, users.email))),
    db
      .select({
        id: heldInvitations.id,
        name: heldName.as('name'),
        email: heldInvitations.email,
        rank: rank(n, heldName, heldInvitations.email).as('rank'),
        sortKey: sql<string>`lower(coalesce(nullif(${heldName}, ''), ${heldInvitations.email}))`.as('sort_key'),
      })
      .from(heldInvitations)
      .where(and(eq(heldInvitations.tenantId, tenantId), matches(n, heldName, heldInvitations.email))),
  )
    // A union is ordered by its output columns.
    .orderBy(asc(sql`rank`), asc(sql`sort_key`), asc(sql`id`))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email }));
}
