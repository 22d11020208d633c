import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';

/** The tenant's devices of a kind in its inventory, with the system they report. */
export async function devicesOfKind(db: Db, tenantId: string, kind: 'gateway' | 'endpoint'): Promise<{ id: string; os: string | null }[]> {
  return db
    .select({ id: devices.id, os: devices.os })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.kind, kind), eq(devices.claimed, true)));
}
