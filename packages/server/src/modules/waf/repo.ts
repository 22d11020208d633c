import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { WAF_EDGE_DEVICE_TYPE, type WafPolicy } from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { tenants } from '../../db/read-models/identity';
import { botSettingsOf } from './bot-repo';
import { wafApiDocuments, wafApplications, wafDomains, wafPolicyRevisions, wafSharedPops, wafThreatLists } from '../../db/schema/waf';

export type ApplicationRow = typeof wafApplications.$inferSelect;
export type RevisionRow = typeof wafPolicyRevisions.$inferSelect;
export type ThreatListRow = typeof wafThreatLists.$inferSelect;
export type ApiDocumentRow = typeof wafApiDocuments.$inferSelect;

/**
 * QShield's changes of one tenant, one at a time: the edges' revisions follow the changes' order.
 * A transaction-scoped advisory lock (no row of its own to lock: the tenant may have no application yet).
 */
export async function lockTenantWaf(tx: Db, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waf:${tenantId}`}))`);
}

export const listApplications = (db: Db, tenantId: string): Promise<ApplicationRow[]> =>
  db.select().from(wafApplications).where(eq(wafApplications.tenantId, tenantId)).orderBy(asc(wafApplications.name));

export async function findApplication(db: Db, tenantId: string, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(wafApplications)
    .where(and(eq(wafApplications.tenantId, tenantId), eq(wafApplications.id, id)));
  return row;
}

export async function insertApplication(tx: Db, row: typeof wafApplications.$inferInsert): Promise<void> {
  await tx.insert(wafApplications).values(row);
}

export async function updateApplication(tx: Db, tenantId: string, id: string, set: Partial<typeof wafApplications.$inferInsert>): Promise<void> {
  await tx
    .update(wafApplications)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(wafApplications.tenantId, tenantId), eq(wafApplications.id, id)));
}

export async function deleteApplication(tx: Db, tenantId: string, id: string): Promise<boolean> {
  const gone = await tx
    .delete(wafApplications)
    .where(and(eq(wafApplications.tenantId, tenantId), eq(wafApplications.id, id)))
    .returning({ id: wafApplications.id });
  return gone.length > 0;
}

/** The application's domains, claimed across all tenants: the domains another application holds already (nothing changed then). */
export async function claimDomains(tx: Db, tenantId: string, applicationId: string, domains: string[]): Promise<string[]> {
  const held = await tx.select().from(wafDomains).where(inArray(wafDomains.domain, domains));
  const taken = held.filter((d) => d.applicationId !== applicationId).map((d) => d.domain);
  if (taken.length) return taken;
  await tx.delete(wafDomains).where(eq(wafDomains.applicationId, applicationId));
  await tx.insert(wafDomains).values(domains.map((domain) => ({ domain, applicationId, tenantId })));
  return [];
}

export async function insertRevision(tx: Db, row: typeof wafPolicyRevisions.$inferInsert): Promise<void> {
  await tx.insert(wafPolicyRevisions).values(row);
}

export const listRevisions = (db: Db, tenantId: string, applicationId: string): Promise<RevisionRow[]> =>
  db
    .select()
    .from(wafPolicyRevisions)
    .where(and(eq(wafPolicyRevisions.tenantId, tenantId), eq(wafPolicyRevisions.applicationId, applicationId)))
    .orderBy(desc(wafPolicyRevisions.revision))
    .limit(200);

export async function findRevision(db: Db, tenantId: string, applicationId: string, id: string): Promise<RevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(wafPolicyRevisions)
    .where(and(eq(wafPolicyRevisions.tenantId, tenantId), eq(wafPolicyRevisions.applicationId, applicationId), eq(wafPolicyRevisions.id, id)));
  return row;
}

const edgeColumns = {
  id: devices.id,
  name: devices.name,
  tenantId: devices.tenantId,
  deviceStatus: devices.deviceStatus,
  lastSeenAt: devices.lastSeenAt,
  publicIp: devices.publicIp,
  locationName: devices.locationName,
  configHash: devices.configHash,
  appliedConfigHash: devices.appliedConfigHash,
  configPush: devices.configPush,
  configPushError: devices.configPushError,
  shared: sql<boolean>`${wafSharedPops.deviceId} is not null`,
};

/**
 * The WAF edges that may serve the tenant's applications: its claimed gateways that said they are
 * one, and the provider's shared POPs (devices of another tenant, shared by a super admin).
 */
export function listEdges(db: Db, tenantId: string) {
  return db
    .select(edgeColumns)
    .from(devices)
    .leftJoin(wafSharedPops, eq(wafSharedPops.deviceId, devices.id))
    .where(and(eq(devices.claimed, true), eq(devices.deviceType, WAF_EDGE_DEVICE_TYPE), or(eq(devices.tenantId, tenantId), isNotNull(wafSharedPops.deviceId))))
    .orderBy(asc(devices.name));
}
export type EdgeRow = Awaited<ReturnType<typeof listEdges>>[number];

export const listThreatLists = (db: Db, tenantId: string): Promise<ThreatListRow[]> =>
  db.select().from(wafThreatLists).where(eq(wafThreatLists.tenantId, tenantId)).orderBy(asc(wafThreatLists.name));

export async function findThreatList(db: Db, tenantId: string, id: string): Promise<ThreatListRow | undefined> {
  const [row] = await db
    .select()
    .from(wafThreatLists)
    .where(and(eq(wafThreatLists.tenantId, tenantId), eq(wafThreatLists.id, id)));
  return row;
}

export async function insertThreatList(tx: Db, row: typeof wafThreatLists.$inferInsert): Promise<void> {
  await tx.insert(wafThreatLists).values(row);
}

export async function updateThreatList(tx: Db, tenantId: string, id: string, set: Partial<typeof wafThreatLists.$inferInsert>): Promise<void> {
  await tx
    .update(wafThreatLists)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(wafThreatLists.tenantId, tenantId), eq(wafThreatLists.id, id)));
}

export async function deleteThreatList(tx: Db, tenantId: string, id: string): Promise<boolean> {
  const gone = await tx
    .delete(wafThreatLists)
    .where(and(eq(wafThreatLists.tenantId, tenantId), eq(wafThreatLists.id, id)))
    .returning({ id: wafThreatLists.id });
  return gone.length > 0;
}

/** Lists whose URL is due for a fetch (any tenant), oldest first. */
export function dueThreatLists(db: Db, now: Date, limit: number): Promise<ThreatListRow[]> {
  return db
    .select()
    .from(wafThreatLists)
    .where(
      sql`${wafThreatLists.url} is not null and (${wafThreatLists.nextFetchAt} is null or ${wafThreatLists.nextFetchAt} <= ${now.toISOString()}::timestamptz)`,
    )
    .orderBy(asc(wafThreatLists.nextFetchAt))
    .limit(limit);
}

/**
 * What the edges' sections are made of for a tenant: its applications, those of other
 * organisations that name one of its shared POPs, and the lists their policies name (each
 * application's own organisation's). A tenant with none still gives its edges an empty section: an
 * edge whose last application went stops serving it.
 */
export async function loadTenantWaf(
  db: Db,
  tenantId: string,
): Promise<{ applications: ApplicationRow[]; lists: ThreatListRow[]; bots: Awaited<ReturnType<typeof botSettingsOf>>; apiContracts: Map<string, unknown[]> }> {
  const applications = await db
    .select()
    .from(wafApplications)
    .where(
      sql`${wafApplications.tenantId} = ${tenantId} or ${wafApplications.edgeIds} ?| coalesce((select array_agg(s.device_id::text) from waf_shared_pops s where s.tenant_id = ${tenantId}), '{}')`,
    )
    .orderBy(asc(wafApplications.name));
  const named = [...new Set(applications.flatMap((a) => (a.policy as WafPolicy).threat_lists))];
  const lists = named.length ? await db.select().from(wafThreatLists).where(inArray(wafThreatLists.id, named)) : [];
  // Bot protection's managed lists of each application's own organisation.
  const bots = await botSettingsOf(db, [...new Set(applications.map((a) => a.tenantId))]);
  // The OpenAPI documents of the applications that enforce theirs (zero-trust API).
  const enforcing = applications.filter((a) => ((a.policy as WafPolicy).zero_trust_api?.mode ?? 'off') !== 'off').map((a) => a.id);
  const documents = enforcing.length
    ? await db
        .select({ id: wafApiDocuments.applicationId, operations: wafApiDocuments.operations })
        .from(wafApiDocuments)
        .where(inArray(wafApiDocuments.applicationId, enforcing))
    : [];
  return { applications, lists, bots, apiContracts: new Map(documents.map((d) => [d.id, d.operations as unknown[]])) };
}

/** Every WAF edge of every tenant, with its organisation and whether it is shared (the super admin's list). */
export function listAllEdges(db: Db) {
  return db
    .select({ ...edgeColumns, organisation: tenants.name })
    .from(devices)
    .innerJoin(tenants, eq(tenants.id, devices.tenantId))
    .leftJoin(wafSharedPops, eq(wafSharedPops.deviceId, devices.id))
    .where(and(eq(devices.claimed, true), eq(devices.deviceType, WAF_EDGE_DEVICE_TYPE)))
    .orderBy(asc(tenants.name), asc(devices.name));
}

/** The applications of other organisations than the edge's own that it serves (a shared POP's). */
export function foreignApplicationsOn(db: Db, deviceId: string, ownTenantId: string) {
  return db
    .select({ id: wafApplications.id, tenantId: wafApplications.tenantId })
    .from(wafApplications)
    .where(and(ne(wafApplications.tenantId, ownTenantId), sql`${wafApplications.edgeIds} ? ${deviceId}`));
}

export async function sharePop(tx: Db, deviceId: string, tenantId: string, by: string | null): Promise<void> {
  await tx.insert(wafSharedPops).values({ deviceId, tenantId, sharedBy: by }).onConflictDoNothing();
}

export async function unsharePop(tx: Db, deviceId: string): Promise<void> {
  await tx.delete(wafSharedPops).where(eq(wafSharedPops.deviceId, deviceId));
}

/** Which organisation each application an edge serves belongs to: its logs are that organisation's. */
export async function applicationTenantsOn(db: Db, deviceId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: wafApplications.id, tenantId: wafApplications.tenantId })
    .from(wafApplications)
    .where(sql`${wafApplications.edgeIds} ? ${deviceId}`);
  return new Map(rows.map((r) => [r.id, r.tenantId]));
}

export const listApiDocuments = (db: Db, tenantId: string): Promise<ApiDocumentRow[]> =>
  db.select().from(wafApiDocuments).where(eq(wafApiDocuments.tenantId, tenantId));

export async function findApiDocument(db: Db, tenantId: string, applicationId: string): Promise<ApiDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(wafApiDocuments)
    .where(and(eq(wafApiDocuments.tenantId, tenantId), eq(wafApiDocuments.applicationId, applicationId)));
  return row;
}

/** The application's document, replacing the one it had. */
export async function saveApiDocument(db: Db, row: typeof wafApiDocuments.$inferInsert): Promise<void> {
  const { applicationId: _id, ...set } = row;
  await db
    .insert(wafApiDocuments)
    .values(row)
    .onConflictDoUpdate({ target: wafApiDocuments.applicationId, set: { ...set, uploadedAt: new Date() } });
}

export async function deleteApiDocument(db: Db, tenantId: string, applicationId: string): Promise<boolean> {
  const gone = await db
    .delete(wafApiDocuments)
    .where(and(eq(wafApiDocuments.tenantId, tenantId), eq(wafApiDocuments.applicationId, applicationId)))
    .returning({ id: wafApiDocuments.applicationId });
  return gone.length > 0;
}
