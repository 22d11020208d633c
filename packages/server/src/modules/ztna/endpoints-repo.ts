import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { endpointOsOf, type Posture, type PostureReport } from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { users } from '../../db/read-models/identity';
import { scimUsers } from '../../db/read-models/scim';
import { userGroupMembers, userGroups } from '../../db/read-models/user-groups';
import type { CountryPort } from './ports';

/** An endpoint as access decisions see it: who is signed in, what it reports, where it is. */
export interface EndpointFacts {
  id: string;
  name: string;
  /** Lower-case e-mail of the user signed in; null when nobody is, or their account is deactivated. */
  user: string | null;
  os: string | null;
  posture: PostureReport | null;
  publicIp: string | null;
  approved: boolean;
}

/**
 * The account signed in on the endpoint was deactivated (by an admin, or by the identity provider
 * through SCIM): inactive having signed in, set a password or been provisioned, as the team list
 * tells them apart from an invitation nobody accepted yet (whose endpoints keep their policies).
 */
const userDeactivated = sql`exists (select 1 from ${users} u where lower(u.email) = lower(${devices.username}) and not u.active
  and (u.password_hash is not null or u.last_login_at is not null or exists (select 1 from ${scimUsers} s where s.user_id = u.id)))`;

/**
 * Who an endpoint asks as, and whether it may ask at all. A deactivated person's endpoint asks as
 * nobody and holds no policy, as one waiting for approval does: neither the policies naming them
 * or their teams nor those for everyone reach it, whatever the client on the device still holds.
 */
const endpointUser = sql<string | null>`case when ${userDeactivated} then null else lower(${devices.username}) end`;
const endpointApproved = sql<boolean>`(${devices.approved} and not ${userDeactivated})`;

const columns = {
  id: devices.id,
  name: devices.name,
  user: endpointUser,
  os: devices.os,
  posture: devices.posture,
  publicIp: devices.publicIp,
  approved: endpointApproved,
};
const endpointsOf = (tenantId: string) => and(eq(devices.tenantId, tenantId), eq(devices.claimed, true), eq(devices.kind, 'endpoint'));

/** The tenant's endpoints (or those of `ids`; only the approved ones when asked), by name. */
export async function listEndpoints(db: Db, tenantId: string, ids?: readonly string[], opts: { approvedOnly?: boolean } = {}): Promise<EndpointFacts[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select(columns)
    .from(devices)
    .where(and(endpointsOf(tenantId), ids ? inArray(devices.id, [...ids]) : undefined, opts.approvedOnly ? eq(devices.approved, true) : undefined))
    .orderBy(asc(devices.name), asc(devices.id));
}

export async function findEndpoint(db: Db, tenantId: string, id: string): Promise<EndpointFacts | undefined> {
  const [row] = await listEndpoints(db, tenantId, [id]);
  return row;
}

/** The endpoint a user was seen on last: what a decision for the user alone is made on. */
export async function latestEndpointOf(db: Db, tenantId: string, user: string): Promise<EndpointFacts | undefined> {
  const [row] = await db
    .select(columns)
    .from(devices)
    .where(and(endpointsOf(tenantId), eq(sql`lower(${devices.username})`, user.toLowerCase())))
    .orderBy(sql`${devices.lastSeenAt} desc nulls last`, desc(devices.createdAt))
    .limit(1);
  return row;
}

/** The groups (teams) of each of these users (lower-case e-mails) in the tenant (a deactivated person's endpoint asks as nobody: see endpointUser). */
export async function teamsOfUsers(db: Db, tenantId: string, emails: readonly string[]): Promise<Map<string, string[]>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, groupId: userGroupMembers.groupId })
    .from(userGroupMembers)
    .innerJoin(userGroups, and(eq(userGroups.id, userGroupMembers.groupId), eq(userGroups.tenantId, tenantId)))
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(inArray(sql`lower(${users.email})`, wanted))
    .orderBy(asc(userGroupMembers.groupId));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.email, [...(out.get(r.email) ?? []), r.groupId]);
  return out;
}

/**
 * An endpoint's posture as the policies check it: what its agent reported, the OS family of its
 * system, the country of its public address and its approval. Unknown stays null (never passes).
 */
export function postureOf(e: Pick<EndpointFacts, 'os' | 'posture' | 'publicIp' | 'approved'>, countries: CountryPort): Posture {
  return {
    os: endpointOsOf(e.os),
    os_version: e.posture?.os_version ?? null,
    client_version: e.posture?.client_version ?? null,
    country: e.publicIp ? countries.country(e.publicIp) : null,
    disk_encrypted: e.posture?.disk_encrypted ?? null,
    firewall_on: e.posture?.firewall_on ?? null,
    approved: e.approved,
  };
}

/** The tenant's endpoints on which any of these users (e-mails) is signed in. */
export async function endpointsOfUsers(db: Db, tenantId: string, emails: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(endpointsOf(tenantId), inArray(sql`lower(${devices.username})`, wanted)));
  return rows.map((r) => r.id);
}
