import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_DATA_PROTECTION,
  DEFAULT_PROFILE_NAME,
  DEFAULT_ZTNA_SETTINGS,
  endpointProfileInputSchema,
  type DataProtection,
  type DnsGroup,
  type EndpointProfile,
  type Relay,
  type SecurityGroup,
  type ZtnaPolicy,
  type ZtnaServer,
  type ZtnaSettings,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { setDeviceType } from '../../fleet/repo';
import { userGroups } from '../../db/read-models/user-groups';
import { ztnaConnectors, ztnaDnsGroups, ztnaPolicies, ztnaProfiles, ztnaRelays, ztnaSecurityGroups, ztnaServers, ztnaSettings } from '../../db/schema/ztna';

/*
 * The tenant's zero-trust objects. Each is a row with its name and one JSON body its domain schema
 * checked; ordered lists (DNS groups, policies) keep a position, 1 first.
 */

// ─── settings: also the lock every change of a tenant's zero trust takes first ──────────────────

export async function findSettings(db: Db, tenantId: string): Promise<ZtnaSettings | null> {
  const [row] = await db.select({ body: ztnaSettings.body }).from(ztnaSettings).where(eq(ztnaSettings.tenantId, tenantId));
  return row ? row.body : null;
}

/**
 * The settings row, made when missing: it marks the tenant as one whose endpoints get a `ztna`
 * section, so its default profile is made with it.
 */
export async function ensureSettings(db: Db, tenantId: string): Promise<void> {
  await db.insert(ztnaSettings).values({ tenantId, body: DEFAULT_ZTNA_SETTINGS }).onConflictDoNothing();
  await ensureDefaultProfile(db, tenantId);
}

/**
 * The tenant's settings row, made when missing, locked for the rest of the transaction: every
 * change of a tenant's zero trust takes it first, so changes (and the revisions they make) follow
 * one another.
 */
export async function lockSettings(tx: Db, tenantId: string): Promise<ZtnaSettings> {
  await ensureSettings(tx, tenantId);
  const [row] = await tx.select({ body: ztnaSettings.body }).from(ztnaSettings).where(eq(ztnaSettings.tenantId, tenantId)).for('update');
  return row!.body;
}

export async function saveSettings(tx: Db, tenantId: string, body: ZtnaSettings): Promise<void> {
  await tx.update(ztnaSettings).set({ body, updatedAt: new Date() }).where(eq(ztnaSettings.tenantId, tenantId));
}

// ─── endpoint profiles ──────────────────────────────────────────────────────────────────────────

type ProfileRow = typeof ztnaProfiles.$inferSelect;
const profileOf = (r: ProfileRow): EndpointProfile => ({ ...r.body, id: r.id, name: r.name, is_default: r.isDefault });
const profileBody = ({ id: _id, name: _name, is_default: _d, ...body }: EndpointProfile) => body;

/** The default first, then by name. */
export async function listProfiles(db: Db, tenantId: string): Promise<EndpointProfile[]> {
  const rows = await db
    .select()
    .from(ztnaProfiles)
    .where(eq(ztnaProfiles.tenantId, tenantId))
    .orderBy(sql`${ztnaProfiles.isDefault} desc`, sql`lower(${ztnaProfiles.name})`, asc(ztnaProfiles.id));
  return rows.map(profileOf);
}

export async function findProfile(db: Db, tenantId: string, id: string): Promise<EndpointProfile | undefined> {
  const [row] = await db
    .select()
    .from(ztnaProfiles)
    .where(and(eq(ztnaProfiles.tenantId, tenantId), eq(ztnaProfiles.id, id)));
  return row && profileOf(row);
}

/** The tenant's 'mza' profile (spec 000 §2.9), made with the domain's defaults when it has none yet. */
export async function ensureDefaultProfile(db: Db, tenantId: string): Promise<void> {
  const body = profileBody({ ...endpointProfileInputSchema.parse({ name: DEFAULT_PROFILE_NAME }), id: '', is_default: true });
  await db.insert(ztnaProfiles).values({ id: crypto.randomUUID(), tenantId, name: DEFAULT_PROFILE_NAME, isDefault: true, body }).onConflictDoNothing();
}

export async function insertProfile(tx: Db, tenantId: string, p: EndpointProfile): Promise<void> {
  await tx.insert(ztnaProfiles).values({ id: p.id, tenantId, name: p.name, isDefault: p.is_default, body: profileBody(p) });
}

export async function updateProfile(tx: Db, tenantId: string, p: EndpointProfile): Promise<void> {
  await tx
    .update(ztnaProfiles)
    .set({ name: p.name, body: profileBody(p), updatedAt: new Date() })
    .where(and(eq(ztnaProfiles.tenantId, tenantId), eq(ztnaProfiles.id, p.id)));
}

export async function deleteProfile(tx: Db, tenantId: string, id: string): Promise<void> {
  await tx.delete(ztnaProfiles).where(and(eq(ztnaProfiles.tenantId, tenantId), eq(ztnaProfiles.id, id)));
}

// ─── servers ────────────────────────────────────────────────────────────────────────────────────

type ServerRow = typeof ztnaServers.$inferSelect;
const serverOf = (r: ServerRow): ZtnaServer => ({ ...r.body, id: r.id, name: r.name, dpc: r.dpc });

export async function listServers(db: Db, tenantId: string): Promise<ZtnaServer[]> {
  const rows = await db
    .select()
    .from(ztnaServers)
    .where(eq(ztnaServers.tenantId, tenantId))
    .orderBy(sql`lower(${ztnaServers.name})`, asc(ztnaServers.id));
  return rows.map(serverOf);
}

export async function findServer(db: Db, tenantId: string, id: string): Promise<ZtnaServer | undefined> {
  const [row] = await db
    .select()
    .from(ztnaServers)
    .where(and(eq(ztnaServers.tenantId, tenantId), eq(ztnaServers.id, id)));
  return row && serverOf(row);
}

export async function insertServer(tx: Db, tenantId: string, s: Omit<ZtnaServer, 'dpc'> & { dpc?: DataProtection }): Promise<void> {
  const { id, name, dpc, ...body } = s;
  await tx.insert(ztnaServers).values({ id, tenantId, name, body, dpc: dpc ?? DEFAULT_DATA_PROTECTION });
}

export async function updateServer(tx: Db, tenantId: string, s: Omit<ZtnaServer, 'dpc'>): Promise<void> {
  const { id, name, ...body } = s;
  await tx
    .update(ztnaServers)
    .set({ name, body, updatedAt: new Date() })
    .where(and(eq(ztnaServers.tenantId, tenantId), eq(ztnaServers.id, id)));
}

export async function setServerDpc(tx: Db, tenantId: string, id: string, dpc: DataProtection): Promise<void> {
  await tx
    .update(ztnaServers)
    .set({ dpc, updatedAt: new Date() })
    .where(and(eq(ztnaServers.tenantId, tenantId), eq(ztnaServers.id, id)));
}

export async function deleteServer(tx: Db, tenantId: string, id: string): Promise<void> {
  await tx.delete(ztnaServers).where(and(eq(ztnaServers.tenantId, tenantId), eq(ztnaServers.id, id)));
}

// ─── relays (overlay mesh servers), with what the clients measured to them ─────────────────────

export type RelayRow = typeof ztnaRelays.$inferSelect;
export const relayOf = (r: RelayRow): Relay => ({ ...r.body, id: r.id, name: r.name });

export async function listRelayRows(db: Db, tenantId: string): Promise<RelayRow[]> {
  return db
    .select()
    .from(ztnaRelays)
    .where(eq(ztnaRelays.tenantId, tenantId))
    .orderBy(sql`lower(${ztnaRelays.name})`, asc(ztnaRelays.id));
}

export const listRelays = async (db: Db, tenantId: string): Promise<Relay[]> => (await listRelayRows(db, tenantId)).map(relayOf);

export async function findRelayRow(db: Db, tenantId: string, id: string): Promise<RelayRow | undefined> {
  const [row] = await db
    .select()
    .from(ztnaRelays)
    .where(and(eq(ztnaRelays.tenantId, tenantId), eq(ztnaRelays.id, id)));
  return row;
}

export async function insertRelay(tx: Db, tenantId: string, r: Relay): Promise<void> {
  const { id, name, ...body } = r;
  await tx.insert(ztnaRelays).values({ id, tenantId, name, body });
}

export async function updateRelay(tx: Db, tenantId: string, r: Relay): Promise<void> {
  const { id, name, ...body } = r;
  await tx
    .update(ztnaRelays)
    .set({ name, body })
    .where(and(eq(ztnaRelays.tenantId, tenantId), eq(ztnaRelays.id, id)));
}

export async function deleteRelay(tx: Db, tenantId: string, id: string): Promise<void> {
  await tx.delete(ztnaRelays).where(and(eq(ztnaRelays.tenantId, tenantId), eq(ztnaRelays.id, id)));
}

// ─── security groups ────────────────────────────────────────────────────────────────────────────

type SecurityGroupRow = typeof ztnaSecurityGroups.$inferSelect;
const securityGroupOf = (r: SecurityGroupRow): SecurityGroup => ({ ...r.body, id: r.id, name: r.name });

export async function listSecurityGroups(db: Db, tenantId: string): Promise<SecurityGroup[]> {
  const rows = await db
    .select()
    .from(ztnaSecurityGroups)
    .where(eq(ztnaSecurityGroups.tenantId, tenantId))
    .orderBy(sql`lower(${ztnaSecurityGroups.name})`, asc(ztnaSecurityGroups.id));
  return rows.map(securityGroupOf);
}

export async function findSecurityGroup(db: Db, tenantId: string, id: string): Promise<SecurityGroup | undefined> {
  const [row] = await db
    .select()
    .from(ztnaSecurityGroups)
    .where(and(eq(ztnaSecurityGroups.tenantId, tenantId), eq(ztnaSecurityGroups.id, id)));
  return row && securityGroupOf(row);
}

export async function insertSecurityGroup(tx: Db, tenantId: string, g: SecurityGroup): Promise<void> {
  const { id, name, ...body } = g;
  await tx.insert(ztnaSecurityGroups).values({ id, tenantId, name, body });
}

export async function updateSecurityGroup(tx: Db, tenantId: string, g: SecurityGroup): Promise<void> {
  const { id, name, ...body } = g;
  await tx
    .update(ztnaSecurityGroups)
    .set({ name, body })
    .where(and(eq(ztnaSecurityGroups.tenantId, tenantId), eq(ztnaSecurityGroups.id, id)));
}

export async function deleteSecurityGroup(tx: Db, tenantId: string, id: string): Promise<void> {
  await tx.delete(ztnaSecurityGroups).where(and(eq(ztnaSecurityGroups.tenantId, tenantId), eq(ztnaSecurityGroups.id, id)));
}

// ─── ordered lists: DNS groups and access policies ──────────────────────────────────────────────

export async function listDnsGroups(db: Db, tenantId: string): Promise<DnsGroup[]> {
  const rows = await db.select().from(ztnaDnsGroups).where(eq(ztnaDnsGroups.tenantId, tenantId)).orderBy(asc(ztnaDnsGroups.position));
  return rows.map((r) => ({ ...r.body, id: r.id, name: r.name, order: r.position }));
}

/**
 * Writes the whole ordered list, positions 1..n as given: rows gone are deleted, and only rows that
 * moved or are among `changed` are written (a change of one touches a few rows, not all).
 */
export async function saveDnsGroups(tx: Db, tenantId: string, groups: DnsGroup[], changed: ReadonlySet<string>): Promise<void> {
  const existing = await tx.select({ id: ztnaDnsGroups.id, position: ztnaDnsGroups.position }).from(ztnaDnsGroups).where(eq(ztnaDnsGroups.tenantId, tenantId));
  const keep = new Set(groups.map((g) => g.id));
  const gone = existing.map((e) => e.id).filter((id) => !keep.has(id));
  if (gone.length) await tx.delete(ztnaDnsGroups).where(and(eq(ztnaDnsGroups.tenantId, tenantId), inArray(ztnaDnsGroups.id, gone)));
  const at = new Map(existing.map((e) => [e.id, e.position]));
  for (const [i, g] of groups.entries()) {
    if (at.get(g.id) === i + 1 && !changed.has(g.id)) continue;
    const { id, name, order: _order, ...body } = g;
    await tx
      .insert(ztnaDnsGroups)
      .values({ id, tenantId, name, position: i + 1, body })
      .onConflictDoUpdate({ target: ztnaDnsGroups.id, set: { name, position: i + 1, body } });
  }
}

export async function listPolicies(db: Db, tenantId: string): Promise<ZtnaPolicy[]> {
  const rows = await db.select().from(ztnaPolicies).where(eq(ztnaPolicies.tenantId, tenantId)).orderBy(asc(ztnaPolicies.position));
  return rows.map((r) => ({ ...r.body, id: r.id, name: r.name, order: r.position }));
}

/** As saveDnsGroups: the ordered list, writing only the rows that moved or changed. */
export async function savePolicies(tx: Db, tenantId: string, policies: ZtnaPolicy[], changed: ReadonlySet<string>): Promise<void> {
  const existing = await tx.select({ id: ztnaPolicies.id, position: ztnaPolicies.position }).from(ztnaPolicies).where(eq(ztnaPolicies.tenantId, tenantId));
  const keep = new Set(policies.map((p) => p.id));
  const gone = existing.map((e) => e.id).filter((id) => !keep.has(id));
  if (gone.length) await tx.delete(ztnaPolicies).where(and(eq(ztnaPolicies.tenantId, tenantId), inArray(ztnaPolicies.id, gone)));
  const at = new Map(existing.map((e) => [e.id, e.position]));
  const now = new Date();
  for (const [i, p] of policies.entries()) {
    if (at.get(p.id) === i + 1 && !changed.has(p.id)) continue;
    const { id, name, order: _order, ...body } = p;
    await tx
      .insert(ztnaPolicies)
      .values({ id, tenantId, name, position: i + 1, body, updatedAt: now })
      .onConflictDoUpdate({ target: ztnaPolicies.id, set: { name, position: i + 1, body, updatedAt: now } });
  }
}

// ─── app connectors ─────────────────────────────────────────────────────────────────────────────

/** The tenant's app connectors with their gateway's live columns and the health they last reported. */
export async function listConnectorRows(db: Db, tenantId: string) {
  return db
    .select({
      deviceId: ztnaConnectors.deviceId,
      site: ztnaConnectors.site,
      health: ztnaConnectors.health,
      activeSessions: ztnaConnectors.activeSessions,
      healthAt: ztnaConnectors.healthAt,
      name: devices.name,
      deviceStatus: devices.deviceStatus,
      lastSeenAt: devices.lastSeenAt,
    })
    .from(ztnaConnectors)
    .innerJoin(devices, and(eq(devices.id, ztnaConnectors.deviceId), eq(devices.claimed, true)))
    .where(eq(ztnaConnectors.tenantId, tenantId))
    .orderBy(asc(ztnaConnectors.site), asc(devices.name), asc(ztnaConnectors.deviceId));
}

/** A gateway becomes (or stays, at another site) an app connector; its device type says so. */
export async function upsertConnector(tx: Db, tenantId: string, deviceId: string, site: string): Promise<void> {
  await tx.insert(ztnaConnectors).values({ deviceId, tenantId, site }).onConflictDoUpdate({ target: ztnaConnectors.deviceId, set: { site } });
  await setDeviceType(tx, deviceId, 'app-connector');
}

/** False when the device is no app connector of the tenant. */
export async function deleteConnector(tx: Db, tenantId: string, deviceId: string): Promise<boolean> {
  const gone = await tx
    .delete(ztnaConnectors)
    .where(and(eq(ztnaConnectors.tenantId, tenantId), eq(ztnaConnectors.deviceId, deviceId)))
    .returning({ id: ztnaConnectors.deviceId });
  if (gone.length === 0) return false;
  await setDeviceType(tx, deviceId, null);
  return true;
}

// ─── what references must name: the tenant's own objects ────────────────────────────────────────

export interface OwnedQuery {
  /** Groups (teams) of users. */
  groups?: string[];
  endpoints?: string[];
  gateways?: string[];
  servers?: string[];
  relays?: string[];
  securityGroups?: string[];
}
export type Owned = { [K in keyof OwnedQuery]-?: Set<string> };

const idsIn = async <T extends { id: string }>(ids: string[] | undefined, read: (ids: string[]) => Promise<T[]>) =>
  new Set(ids?.length ? (await read([...new Set(ids)])).map((r) => r.id) : []);

/** Which of these ids are the tenant's (claimed devices of the right kind). */
export async function ownedIds(db: Db, tenantId: string, q: OwnedQuery): Promise<Owned> {
  const ofKind = (kind: 'gateway' | 'endpoint') => (ids: string[]) =>
    db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true), eq(devices.kind, kind), inArray(devices.id, ids)));
  const [groups, endpoints, gateways, servers, relays, securityGroups] = await Promise.all([
    idsIn(q.groups, (ids) =>
      db
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(and(eq(userGroups.tenantId, tenantId), inArray(userGroups.id, ids))),
    ),
    idsIn(q.endpoints, ofKind('endpoint')),
    idsIn(q.gateways, ofKind('gateway')),
    idsIn(q.servers, (ids) =>
      db
        .select({ id: ztnaServers.id })
        .from(ztnaServers)
        .where(and(eq(ztnaServers.tenantId, tenantId), inArray(ztnaServers.id, ids))),
    ),
    idsIn(q.relays, (ids) =>
      db
        .select({ id: ztnaRelays.id })
        .from(ztnaRelays)
        .where(and(eq(ztnaRelays.tenantId, tenantId), inArray(ztnaRelays.id, ids))),
    ),
    idsIn(q.securityGroups, (ids) =>
      db
        .select({ id: ztnaSecurityGroups.id })
        .from(ztnaSecurityGroups)
        .where(and(eq(ztnaSecurityGroups.tenantId, tenantId), inArray(ztnaSecurityGroups.id, ids))),
    ),
  ]);
  return { groups, endpoints, gateways, servers, relays, securityGroups };
}

/** Names of the tenant's groups (teams), for answers that show them. */
export async function groupNames(db: Db, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(and(eq(userGroups.tenantId, tenantId), inArray(userGroups.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}
