import { ONLINE_STATUSES, type DeviceKind, type TenantInfo } from '@netloom/domain';
import type { Db } from '../db/client';
import { countTenantInfo } from './repo';

/** Which devices the tiles count: a device group's, one product's (gateways or endpoints), or all. */
export interface TenantInfoScope {
  networkId?: string | null;
  kind?: DeviceKind | null;
}

/**
 * The dashboard tiles of a tenant (or of one device group). A product dashboard counts its own
 * kind of device, as its table and map show.
 */
export function computeTenantInfo(db: Db, tenantId: string, { networkId = null, kind = null }: TenantInfoScope = {}): Promise<TenantInfo> {
  return countTenantInfo(db, tenantId, { networkId, kind, online: ONLINE_STATUSES });
}
