import { and, eq, isNull } from 'drizzle-orm';
import type { CommercialData } from '@netloom/domain';
import type { Db } from '../../db/client';
import { commercialData, tenants } from '../../db/schema/index';
import { errors } from '../../http/errors';
import { newEnrolmentKey } from '../../agent/credentials';
import { audit, type Actor } from '../../http/access';
import { existingDeviceIds } from './repo';

export async function readCommercial(db: Db, tenantId: string): Promise<CommercialData> {
  const [row] = await db.select({ data: commercialData.data }).from(commercialData).where(eq(commercialData.tenantId, tenantId));
  return (row?.data ?? {}) as CommercialData;
}

/** Replaces the tenant's commercial map; every device id must be one of the tenant's devices. */
export async function saveCommercial(db: Db, actor: Actor, data: CommercialData): Promise<CommercialData> {
  const tenantId = actor.scope.tenantId;
  const ids = Object.keys(data);
  const known = await existingDeviceIds(db, tenantId, ids);
  if (known.size !== ids.length) throw errors.notFound();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(commercialData)
      .values({ tenantId, data, updatedAt: now })
      .onConflictDoUpdate({ target: commercialData.tenantId, set: { data, updatedAt: now } });
    await audit(tx, actor, 'tenant.commercial_data_saved', tenantId, { devices: ids.length });
  });
  return data;
}

/** The tenant's device enrolment key, created on first read (concurrent first reads agree). */
export async function readEnrolmentKey(db: Db, actor: Actor): Promise<string> {
  const tenantId = actor.scope.tenantId;
  const [row] = await db.select({ key: tenants.enrolmentKey }).from(tenants).where(eq(tenants.id, tenantId));
  if (row?.key) return row.key;
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tenants)
      .set({ enrolmentKey: newEnrolmentKey() })
      .where(and(eq(tenants.id, tenantId), isNull(tenants.enrolmentKey)))
      .returning({ key: tenants.enrolmentKey });
    if (row?.key) await audit(tx, actor, 'tenant.enrolment_key_created', tenantId);
    return row;
  });
  if (created?.key) return created.key;
  const [again] = await db.select({ key: tenants.enrolmentKey }).from(tenants).where(eq(tenants.id, tenantId));
  if (!again?.key) throw errors.notFound();
  return again.key;
}

/** A new key: devices already enrolled keep their credentials, new enrolments need the new key. */
export async function rotateEnrolmentKey(db: Db, actor: Actor): Promise<string> {
  const tenantId = actor.scope.tenantId;
  const key = newEnrolmentKey();
  await db.transaction(async (tx) => {
    await tx.update(tenants).set({ enrolmentKey: key }).where(eq(tenants.id, tenantId));
    await audit(tx, actor, 'tenant.enrolment_key_rotated', tenantId);
  });
  return key;
}
