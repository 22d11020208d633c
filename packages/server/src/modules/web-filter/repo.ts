import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_LOG_RETENTION_DAYS, type LogsManagement, type TenantWebFilter, type WebFilterPolicy } from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { users } from '../../db/read-models/identity';
import { networks } from '../../db/read-models/networks';
import { userGroupMembers, userGroups } from '../../db/read-models/user-groups';
import { logRetention, webFilterPolicies, webFilterSettings } from '../../db/schema/webfilter';
export { deleteOldAuditRows } from '../../db/audit-log';

export type SettingsRow = typeof webFilterSettings.$inferSelect;
type PolicyRow = typeof webFilterPolicies.$inferSelect;

const policyOf = (r: PolicyRow): WebFilterPolicy => ({ ...r.rules, id: r.id, order: r.position, name: r.name }) as WebFilterPolicy;

export async function findSettings(db: Db, tenantId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(webFilterSettings).where(eq(webFilterSettings.tenantId, tenantId));
  return row;
}

/**
 * The tenant's settings row, made when missing, locked for the rest of the transaction: every
 * change of a tenant's web filter takes it first, so changes (and the revisions they make) follow
 * one another.
 */
export async function lockSettings(tx: Db, tenantId: string): Promise<SettingsRow> {
  await tx.insert(webFilterSettings).values({ tenantId }).onConflictDoNothing();
  const [row] = await tx.select().from(webFilterSettings).where(eq(webFilterSettings.tenantId, tenantId)).for('update');
  return row!;
}

export async function updateSettings(tx: Db, tenantId: string, set: Partial<Omit<SettingsRow, 'tenantId'>>): Promise<void> {
  await tx
    .update(webFilterSettings)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(webFilterSettings.tenantId, tenantId));
}

export async function listPolicies(db: Db, tenantId: string): Promise<WebFilterPolicy[]> {
  const rows = await db.select().from(webFilterPolicies).where(eq(webFilterPolicies.tenantId, tenantId)).orderBy(asc(webFilterPolicies.position));
  return rows.map(policyOf);
}

/** Writes the whole ordered list: positions 1..n as given (the list is small: at most a few hundred policies). */
export async function savePolicies(tx: Db, tenantId: string, policies: WebFilterPolicy[], keepIds: Set<string>): Promise<void> {
  const existing = await tx.select({ id: webFilterPolicies.id }).from(webFilterPolicies).where(eq(webFilterPolicies.tenantId, tenantId));
  const gone = existing.map((e) => e.id).filter((id) => !keepIds.has(id));
  if (gone.length) await tx.delete(webFilterPolicies).where(and(eq(webFilterPolicies.tenantId, tenantId), inArray(webFilterPolicies.id, gone)));
  // Positions move first out of the way, so no two rows briefly share one (and names stay unique).
  await tx
    .update(webFilterPolicies)
    .set({ position: sql`${webFilterPolicies.position} + 100000` })
    .where(eq(webFilterPolicies.tenantId, tenantId));
  for (const [i, p] of policies.entries()) {
    const { id, order: _order, name, ...rules } = p;
    const row = { id, tenantId, position: i + 1, name, rules, updatedAt: new Date() };
    await tx
      .insert(webFilterPolicies)
      .values(row)
      .onConflictDoUpdate({ target: webFilterPolicies.id, set: { position: row.position, name, rules, updatedAt: row.updatedAt } });
  }
}

/**
 * A new tenant's web filter as a seed (the demo) starts it: its settings and its policies in their
 * order, each with an id of its own. Nothing is pushed: devices get it as they enrol (sections.ts).
 */
export async function seedWebFilter(
  db: Db,
  tenantId: string,
  settings: Pick<SettingsRow, 'status' | 'defaultActionBlocked'>,
  policies: WebFilterPolicy[],
): Promise<void> {
  await db.insert(webFilterSettings).values({ tenantId, ...settings });
  for (const { id: _template, order, name, ...rules } of policies)
    await db.insert(webFilterPolicies).values({ id: crypto.randomUUID(), tenantId, position: order, name, rules });
}

/** Members' e-mails (lower-case) of the given groups of the tenant. */
async function groupMembers(db: Db, tenantId: string, groupIds: string[]): Promise<Record<string, string[]>> {
  if (groupIds.length === 0) return {};
  const rows = await db
    .select({ groupId: userGroupMembers.groupId, email: users.email })
    .from(userGroupMembers)
    .innerJoin(userGroups, and(eq(userGroups.id, userGroupMembers.groupId), eq(userGroups.tenantId, tenantId)))
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(inArray(userGroupMembers.groupId, groupIds));
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.groupId] ??= []).push(r.email.toLowerCase());
  return out;
}

/** A user's groups in the tenant (the Test-a-URL tool asks as that user). */
export async function groupsOfUser(db: Db, tenantId: string, email: string): Promise<string[]> {
  const rows = await db
    .select({ id: userGroups.id })
    .from(userGroupMembers)
    .innerJoin(userGroups, and(eq(userGroups.id, userGroupMembers.groupId), eq(userGroups.tenantId, tenantId)))
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return rows.map((r) => r.id);
}

/**
 * The tenant's web filter as devices' documents are made from it; null when the tenant never set
 * one up (its devices get no web_filter section, and no revision is made for them).
 */
export async function loadTenantWebFilter(db: Db, tenantId: string): Promise<TenantWebFilter | null> {
  const [settings, policies] = await Promise.all([findSettings(db, tenantId), listPolicies(db, tenantId)]);
  if (!settings && policies.length === 0) return null;
  const members = await groupMembers(db, tenantId, [...new Set(policies.flatMap((p) => p.applies_to.groups))]);
  return {
    status: settings?.status ?? true,
    defaultActionBlocked: settings?.defaultActionBlocked ?? false,
    allowedUrls: settings?.allowedUrls ?? [],
    blockedUrls: settings?.blockedUrls ?? [],
    siteCategories: settings?.siteCategories ?? {},
    policies,
    groupMembers: members,
  };
}

/** Which of these ids are the tenant's: groups, devices, device groups (a policy may only name its own tenant's). */
export async function ownedIds(db: Db, tenantId: string, ids: { groups: string[]; devices: string[]; networks: string[] }) {
  const [g, d, n] = await Promise.all([
    ids.groups.length
      ? db
          .select({ id: userGroups.id })
          .from(userGroups)
          .where(and(eq(userGroups.tenantId, tenantId), inArray(userGroups.id, ids.groups)))
      : [],
    ids.devices.length
      ? db
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true), inArray(devices.id, ids.devices)))
      : [],
    ids.networks.length
      ? db
          .select({ id: networks.id })
          .from(networks)
          .where(and(eq(networks.tenantId, tenantId), inArray(networks.id, ids.networks)))
      : [],
  ]);
  return { groups: new Set(g.map((r) => r.id)), devices: new Set(d.map((r) => r.id)), networks: new Set(n.map((r) => r.id)) };
}

/** An endpoint or gateway of the tenant, as the Test-a-URL tool asks for it. */
export async function findDevice(db: Db, tenantId: string, deviceId: string) {
  const [row] = await db
    .select({ id: devices.id, networkId: devices.networkId, username: devices.username })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId), eq(devices.claimed, true)));
  return row;
}

export async function logRetentionOf(db: Db, tenantId: string): Promise<LogsManagement['retention']> {
  const [row] = await db.select().from(logRetention).where(eq(logRetention.tenantId, tenantId));
  return { ...DEFAULT_LOG_RETENTION_DAYS, ...row?.retention };
}

export async function saveLogRetention(db: Db, tenantId: string, retention: LogsManagement['retention']): Promise<void> {
  await db
    .insert(logRetention)
    .values({ tenantId, retention })
    .onConflictDoUpdate({ target: logRetention.tenantId, set: { retention, updatedAt: new Date() } });
}

/** Tenants that have URL events to keep in check: those with web filter settings. */
export async function webFilterTenants(db: Db): Promise<string[]> {
  const rows = await db.select({ id: webFilterSettings.tenantId }).from(webFilterSettings);
  return rows.map((r) => r.id);
}

/** Tenants that set their logs' retention themselves. */
export async function retentionTenants(db: Db): Promise<string[]> {
  const rows = await db.select({ id: logRetention.tenantId }).from(logRetention);
  return rows.map((r) => r.id);
}
