import type { CommercialData } from '@netloom/domain';
import type { Db } from '../../db/client';
import { errors } from '../../http/errors';
import { newEnrolmentKey } from '../../fleet/credentials';
import { audit, type Actor } from '../../http/access';
import * as fleetRepo from '../../fleet/repo';
import * as repo from './repo';

export function readCommercial(db: Db, tenantId: string): Promise<CommercialData> {
  return repo.findCommercialData(db, tenantId);
}

/** Replaces the tenant's commercial map; every device id must be one of the tenant's devices. */
export async function saveCommercial(db: Db, actor: Actor, data: CommercialData): Promise<CommercialData> {
  const tenantId = actor.scope.tenantId;
  const ids = Object.keys(data);
  const known = await fleetRepo.existingDeviceIds(db, tenantId, ids);
  if (known.size !== ids.length) throw errors.notFound();
  await db.transaction(async (tx) => {
    await repo.upsertCommercialData(tx, tenantId, data, new Date());
    await audit(tx, actor, 'tenant.commercial_data_saved', tenantId, { devices: ids.length });
  });
  return data;
}

/** The tenant's device enrolment key, created on first read (concurrent first reads agree). */
export async function readEnrolmentKey(db: Db, actor: Actor): Promise<string> {
  const tenantId = actor.scope.tenantId;
  const existing = await repo.findEnrolmentKey(db, tenantId);
  if (existing) return existing;
  const created = await db.transaction(async (tx) => {
    const key = await repo.setEnrolmentKeyIfNone(tx, tenantId, newEnrolmentKey());
    if (key) await audit(tx, actor, 'tenant.enrolment_key_created', tenantId);
    return key;
  });
  if (created) return created;
  // Another first read stored its key between ours and the update: that key is the tenant's.
  const again = await repo.findEnrolmentKey(db, tenantId);
  if (!again) throw errors.notFound();
  return again;
}

/** A new key: devices already enrolled keep their credentials, new enrolments need the new key. */
export async function rotateEnrolmentKey(db: Db, actor: Actor): Promise<string> {
  const tenantId = actor.scope.tenantId;
  const key = newEnrolmentKey();
  await db.transaction(async (tx) => {
    await repo.setEnrolmentKey(tx, tenantId, key);
    await audit(tx, actor, 'tenant.enrolment_key_rotated', tenantId);
  });
  return key;
}
