import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { BindingTarget } from '../../db/schema/config';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { networks } from '../../db/read-models/networks';
import { configBindings, configTemplates } from '../../db/schema/config';
import type { TemplateRow } from './render-repo';

const bindingCount = (kind: BindingTarget) =>
  sql<number>`(select count(*)::int from ${configBindings} b where b.tenant_id = ${configTemplates.tenantId} and b.target_kind = ${kind} and ${configTemplates.id} = any(b.template_ids))`;

export type TemplateListRow = TemplateRow & { networks: number; devices: number };

export async function listTemplates(db: Db, tenantId: string, q: { search?: string; offset: number; limit: number | null }) {
  const where = and(eq(configTemplates.tenantId, tenantId), q.search ? ilike(configTemplates.name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined);
  const query = db
    .select({ t: configTemplates, networks: bindingCount('network'), devices: bindingCount('device') })
    .from(configTemplates)
    .where(where)
    .orderBy(asc(sql`lower(${configTemplates.name})`))
    .offset(q.offset);
  const [rows, [total]] = await Promise.all([q.limit === null ? query : query.limit(q.limit), db.select({ n: count() }).from(configTemplates).where(where)]);
  return { rows: rows.map((r) => ({ ...r.t, networks: r.networks, devices: r.devices })), total: total?.n ?? 0 };
}

export async function findTemplate(db: Db, tenantId: string, id: string): Promise<TemplateListRow | undefined> {
  const [row] = await db
    .select({ t: configTemplates, networks: bindingCount('network'), devices: bindingCount('device') })
    .from(configTemplates)
    .where(and(eq(configTemplates.tenantId, tenantId), eq(configTemplates.id, id)));
  return row && { ...row.t, networks: row.networks, devices: row.devices };
}

/** The template locked for the rest of the transaction: two edits of one template count its versions one after the other. */
export async function lockTemplate(tx: Db, tenantId: string, id: string): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .select()
    .from(configTemplates)
    .where(and(eq(configTemplates.tenantId, tenantId), eq(configTemplates.id, id)))
    .for('update');
  return row;
}

export async function nameTaken(db: Db, tenantId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: configTemplates.id })
    .from(configTemplates)
    .where(and(eq(configTemplates.tenantId, tenantId), sql`lower(${configTemplates.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertTemplate(db: Db, row: typeof configTemplates.$inferInsert) {
  await db.insert(configTemplates).values(row);
}

export async function updateTemplate(db: Db, id: string, set: Partial<Pick<TemplateRow, 'name' | 'description' | 'sections' | 'defaults'>>) {
  await db
    .update(configTemplates)
    .set({ ...set, version: sql`${configTemplates.version} + 1`, updatedAt: new Date() })
    .where(eq(configTemplates.id, id));
}

/** A deleted template leaves every list it was on; the devices keep what they run until their next revision. */
export async function deleteTemplate(db: Db, tenantId: string, id: string) {
  await db
    .update(configBindings)
    .set({ templateIds: sql`array_remove(${configBindings.templateIds}, ${id}::uuid)` })
    .where(and(eq(configBindings.tenantId, tenantId), sql`${id}::uuid = any(${configBindings.templateIds})`));
  await db.delete(configTemplates).where(eq(configTemplates.id, id));
}

/** The tenant's claimed devices that use the template, through their own list or their group's. */
export async function devicesUsing(db: Db, tenantId: string, templateId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: devices.id })
    .from(devices)
    .innerJoin(
      configBindings,
      and(
        eq(configBindings.tenantId, tenantId),
        sql`${templateId}::uuid = any(${configBindings.templateIds})`,
        or(
          and(eq(configBindings.targetKind, 'device'), eq(configBindings.targetId, devices.id)),
          and(eq(configBindings.targetKind, 'network'), eq(configBindings.targetId, devices.networkId)),
        ),
      ),
    )
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true)));
  return rows.map((r) => r.id);
}

/** The binding's target: a claimed device of the tenant, or a device group of it with its claimed devices. */
export async function bindingTarget(db: Db, tenantId: string, kind: BindingTarget, id: string): Promise<{ name: string; deviceIds: string[] } | undefined> {
  if (kind === 'device') {
    const [d] = await db
      .select({ name: devices.name })
      .from(devices)
      .where(and(eq(devices.tenantId, tenantId), eq(devices.id, id), eq(devices.claimed, true)));
    return d && { name: d.name, deviceIds: [id] };
  }
  const [n] = await db
    .select({ name: networks.name })
    .from(networks)
    .where(and(eq(networks.tenantId, tenantId), eq(networks.id, id)));
  if (!n) return undefined;
  const members = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.networkId, id), eq(devices.claimed, true)));
  return { name: n.name, deviceIds: members.map((m) => m.id) };
}

/** The device group a device is in (null: none). */
export async function groupOfDevice(db: Db, deviceId: string): Promise<string | null> {
  const [d] = await db.select({ networkId: devices.networkId }).from(devices).where(eq(devices.id, deviceId));
  return d?.networkId ?? null;
}

export async function findBinding(db: Db, kind: BindingTarget, id: string) {
  const [row] = await db
    .select()
    .from(configBindings)
    .where(and(eq(configBindings.targetKind, kind), eq(configBindings.targetId, id)));
  return row;
}

export async function saveBinding(db: Db, row: typeof configBindings.$inferInsert) {
  await db
    .insert(configBindings)
    .values(row)
    .onConflictDoUpdate({ target: [configBindings.targetKind, configBindings.targetId], set: { templateIds: row.templateIds, variables: row.variables } });
}

export async function existingTemplateIds(db: Db, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: configTemplates.id })
    .from(configTemplates)
    .where(and(eq(configTemplates.tenantId, tenantId), inArray(configTemplates.id, ids)));
  return new Set(rows.map((r) => r.id));
}
