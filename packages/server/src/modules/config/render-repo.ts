import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { autoVpnAddress, type AutoVpn, type AutoVpnMember, type ConfigDocument, type MeshMember, type OverlayMeshSection } from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { configAutoVpnSecrets, configBindings, configDrafts, configRevisions, configTemplates, deviceConfigSettings } from '../../db/schema/config';
import { loadSections, type SectionProvider } from './section-provider';

/** Everything a device's effective document is made of, read in a few queries for any number of devices. */
export interface DeviceRenderRow {
  id: string;
  name: string;
  kind: 'gateway' | 'endpoint';
  deviceType: string | null;
  networkId: string | null;
  deviceStatus: string;
  /** The public address it reports: where its overlay peers reach it when it has no static WAN. */
  publicIp: string | null;
  /** The newest revision without its (large) document: what a render and a comparison need. */
  latest: { id: string; number: number; hash: string; own: Partial<ConfigDocument> } | null;
  disabledFamilies: string[];
  autoSync: boolean;
  templateIds: string[];
  groupValues: Record<string, string>;
  deviceValues: Record<string, string>;
}

export type TemplateRow = typeof configTemplates.$inferSelect;

export async function loadRenderRows(db: Db, tenantId: string, deviceIds: string[]): Promise<DeviceRenderRow[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      kind: devices.kind,
      deviceType: devices.deviceType,
      networkId: devices.networkId,
      deviceStatus: devices.deviceStatus,
      publicIp: devices.publicIp,
    })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), inArray(devices.id, deviceIds), eq(devices.claimed, true)));
  const networkIds = [...new Set(rows.flatMap((r) => (r.networkId ? [r.networkId] : [])))];
  const [latest, settings, bindings] = await Promise.all([
    db
      .selectDistinctOn([configRevisions.deviceId], {
        deviceId: configRevisions.deviceId,
        id: configRevisions.id,
        number: configRevisions.number,
        hash: configRevisions.hash,
        // Revisions from before templates hold no own sections: their document is the device's own.
        own: sql<Partial<ConfigDocument>>`coalesce(${configRevisions.own}, ${configRevisions.document})`.mapWith(configRevisions.own),
      })
      .from(configRevisions)
      .where(inArray(configRevisions.deviceId, deviceIds))
      .orderBy(configRevisions.deviceId, desc(configRevisions.number)),
    db.select().from(deviceConfigSettings).where(inArray(deviceConfigSettings.deviceId, deviceIds)),
    db
      .select()
      .from(configBindings)
      .where(
        and(
          eq(configBindings.tenantId, tenantId),
          or(
            and(eq(configBindings.targetKind, 'device'), inArray(configBindings.targetId, deviceIds)),
            networkIds.length ? and(eq(configBindings.targetKind, 'network'), inArray(configBindings.targetId, networkIds)) : sql`false`,
          ),
        ),
      ),
  ]);
  const latestBy = new Map(latest.map((r) => [r.deviceId, r]));
  const settingsBy = new Map(settings.map((s) => [s.deviceId, s]));
  const binding = (kind: 'device' | 'network', id: string | null) => bindings.find((b) => b.targetKind === kind && b.targetId === id);
  return rows.map((d) => {
    const l = latestBy.get(d.id);
    const group = binding('network', d.networkId);
    const own = binding('device', d.id);
    return {
      ...d,
      latest: l ? { id: l.id, number: l.number, hash: l.hash, own: l.own } : null,
      disabledFamilies: settingsBy.get(d.id)?.disabledFamilies ?? [],
      autoSync: settingsBy.get(d.id)?.autoSync ?? true,
      templateIds: [...(group?.templateIds ?? []), ...(own?.templateIds ?? [])],
      groupValues: group?.variables ?? {},
      deviceValues: own?.variables ?? {},
    };
  });
}

export async function templatesByIds(db: Db, tenantId: string, ids: string[]): Promise<Map<string, TemplateRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(configTemplates)
    .where(and(eq(configTemplates.tenantId, tenantId), inArray(configTemplates.id, [...new Set(ids)])));
  return new Map(rows.map((t) => [t.id, t]));
}

export async function findDraft(db: Db, deviceId: string) {
  const [row] = await db.select().from(configDrafts).where(eq(configDrafts.deviceId, deviceId));
  return row;
}

export async function saveDraft(db: Db, row: typeof configDrafts.$inferInsert) {
  await db
    .insert(configDrafts)
    .values(row)
    .onConflictDoUpdate({ target: configDrafts.deviceId, set: { own: row.own, authorEmail: row.authorEmail, updatedAt: new Date() } });
}

export async function deleteDraft(db: Db, deviceId: string) {
  await db.delete(configDrafts).where(eq(configDrafts.deviceId, deviceId));
}

export async function saveSettings(db: Db, row: typeof deviceConfigSettings.$inferInsert) {
  await db
    .insert(deviceConfigSettings)
    .values(row)
    .onConflictDoUpdate({ target: deviceConfigSettings.deviceId, set: { disabledFamilies: row.disabledFamilies, autoSync: row.autoSync } });
}

/** The tenant's gateways taking part in each overlay: Auto VPN (the whole tenant) and Overlay Mesh VPN (each with its device group). */
export interface OverlayMembers {
  autoVpn: AutoVpnMember[];
  mesh: MeshMember[];
}

/**
 * The tenant's gateways taking part in Auto VPN and in Overlay Mesh VPN, as their newest revision
 * says (a device's peers are chosen among them). Reads two small parts of each newest document.
 */
export async function overlayMembers(db: Db, tenantId: string, publicIps: Readonly<Record<string, string>> = {}): Promise<OverlayMembers> {
  const rows = await db
    .selectDistinctOn([configRevisions.deviceId], {
      deviceId: configRevisions.deviceId,
      name: devices.name,
      networkId: devices.networkId,
      publicIp: devices.publicIp,
      auto: sql<AutoVpn | null>`${configRevisions.document}->'ipsec'->'auto_vpn'`,
      mesh: sql<OverlayMeshSection | null>`${configRevisions.document}->'overlay_mesh'`,
      interfaces: sql<ConfigDocument['interfaces'] | null>`${configRevisions.document}->'interfaces'`,
    })
    .from(configRevisions)
    .innerJoin(devices, and(eq(devices.id, configRevisions.deviceId), eq(devices.claimed, true)))
    .where(eq(configRevisions.tenantId, tenantId))
    .orderBy(configRevisions.deviceId, desc(configRevisions.number));
  const members: OverlayMembers = { autoVpn: [], mesh: [] };
  for (const r of rows) {
    const address = autoVpnAddress({ interfaces: r.interfaces ?? undefined }, publicIps[r.deviceId] ?? r.publicIp);
    const base = { device_id: r.deviceId, name: r.name, address };
    if (r.auto?.enabled) members.autoVpn.push({ ...base, role: r.auto.role, topology: r.auto.topology, subnets: r.auto.subnets });
    if (r.mesh?.enabled) members.mesh.push({ ...base, role: r.mesh.role, topology: r.mesh.topology, subnets: r.mesh.subnets, network_id: r.networkId });
  }
  return members;
}

/** Everything besides the devices that rendering them needs: their templates, the tenant's overlay gateways, the products' sections. */
/** `publicIps`: addresses devices reported that the device rows may not hold yet (the state writer stores them in batches). */
export async function loadRenderContext(
  db: Db,
  tenantId: string,
  rows: DeviceRenderRow[],
  providers: readonly SectionProvider[],
  publicIps: Readonly<Record<string, string>> = {},
) {
  const [templates, overlays, sections, autoVpnSecret] = await Promise.all([
    templatesByIds(
      db,
      tenantId,
      rows.flatMap((r) => r.templateIds),
    ),
    overlayMembers(db, tenantId, publicIps),
    loadSections(db, providers, tenantId, rows),
    tenantAutoVpnSecret(db, tenantId),
  ]);
  return { templates, autoVpn: overlays.autoVpn, mesh: overlays.mesh, sections, autoVpnSecret };
}

/** The tenant's overlay secret, made once: each pair of its gateways derives its keys (Auto VPN's and the mesh's) from it. The first instance to make one wins; every other reads it. */
async function tenantAutoVpnSecret(db: Db, tenantId: string): Promise<string> {
  const read = async () =>
    (await db.select({ secret: configAutoVpnSecrets.secret }).from(configAutoVpnSecrets).where(eq(configAutoVpnSecrets.tenantId, tenantId)))[0]?.secret;
  const kept = await read();
  if (kept) return kept;
  await db
    .insert(configAutoVpnSecrets)
    .values({ tenantId, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  return (await read())!;
}
