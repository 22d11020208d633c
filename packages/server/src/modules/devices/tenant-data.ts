import { viewTypeKind, type CommercialData, type DeviceViewType, type TenantInfo } from '@netloom/domain';
import type { Db } from '../../db/client';
import { errors } from '../../http/errors';
import { newEnrolmentKey } from '../../fleet/credentials';
import { computeTenantInfo } from '../../fleet/tenant-info';
import { audit, type Actor } from '../../http/access';
import * as fleetRepo from '../../fleet/repo';
import * as repo from './repo';

/** Tenant data of the fleet: dashboard tiles, the commercial view and the enrolment key. */
export class TenantDataService {
  constructor(private readonly db: Db) {}

  /** The tiles of the tenant, or of one of its device groups (another tenant's group is 404). */
  async tiles(actor: Actor, networkId: string | null | undefined, type: DeviceViewType | undefined): Promise<TenantInfo> {
    const tenantId = actor.scope.tenantId;
    if (networkId && !(await fleetRepo.networkInTenant(this.db, tenantId, networkId))) throw errors.notFound();
    return computeTenantInfo(this.db, tenantId, { networkId: networkId || null, kind: type ? viewTypeKind(type) : null });
  }

  commercial(actor: Actor): Promise<CommercialData> {
    return repo.findCommercialData(this.db, actor.scope.tenantId);
  }

  /** Replaces the tenant's commercial map; every device id must be one of the tenant's devices. */
  async saveCommercial(actor: Actor, data: CommercialData): Promise<CommercialData> {
    const tenantId = actor.scope.tenantId;
    const ids = Object.keys(data);
    const known = await fleetRepo.existingDeviceIds(this.db, tenantId, ids);
    if (known.size !== ids.length) throw errors.notFound();
    await this.db.transaction(async (tx) => {
      await repo.upsertCommercialData(tx, tenantId, data, new Date());
      await audit(tx, actor, 'tenant.commercial_data_saved', tenantId, { devices: ids.length });
    });
    return data;
  }

  /** The tenant's device enrolment key, created on first read (concurrent first reads agree). */
  async enrolmentKey(actor: Actor): Promise<string> {
    const tenantId = actor.scope.tenantId;
    const existing = await repo.findEnrolmentKey(this.db, tenantId);
    if (existing) return existing;
    const created = await this.db.transaction(async (tx) => {
      const key = await repo.setEnrolmentKeyIfNone(tx, tenantId, newEnrolmentKey());
      if (key) await audit(tx, actor, 'tenant.enrolment_key_created', tenantId);
      return key;
    });
    if (created) return created;
    // Another first read stored its key between ours and the update: that key is the tenant's.
    const again = await repo.findEnrolmentKey(this.db, tenantId);
    if (!again) throw errors.notFound();
    return again;
  }

  /** A new key: devices already enrolled keep their credentials, new enrolments need the new key. */
  async rotateEnrolmentKey(actor: Actor): Promise<string> {
    const tenantId = actor.scope.tenantId;
    const key = newEnrolmentKey();
    await this.db.transaction(async (tx) => {
      await repo.setEnrolmentKey(tx, tenantId, key);
      await audit(tx, actor, 'tenant.enrolment_key_rotated', tenantId);
    });
    return key;
  }
}
