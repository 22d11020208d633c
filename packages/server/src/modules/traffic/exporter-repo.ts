import { and, eq, ne } from 'drizzle-orm';
import { devices } from '../../db/read-models/devices';
import { flowExporters } from '../../db/schema/flow-exporters';
import type { Db } from '../../db/client';

/** The exporter address a device's flows come from, or null. */
export async function exporterAddressOf(db: Db, deviceId: string): Promise<string | null> {
  const [row] = await db.select({ address: flowExporters.address }).from(flowExporters).where(eq(flowExporters.deviceId, deviceId));
  return row?.address ?? null;
}

/**
 * Sets (or with null clears) a device's exporter address. An address held by a device no longer in
 * any inventory (unclaimed) is released first: only a device in an inventory keeps one. Throws the
 * database's unique violation when a device in an inventory holds it.
 */
export async function setExporterAddress(db: Db, tenantId: string, deviceId: string, address: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(flowExporters).where(eq(flowExporters.deviceId, deviceId));
    if (address === null) return;
    const [holder] = await tx
      .select({ deviceId: flowExporters.deviceId, claimed: devices.claimed })
      .from(flowExporters)
      .innerJoin(devices, eq(devices.id, flowExporters.deviceId))
      .where(and(eq(flowExporters.address, address), ne(flowExporters.deviceId, deviceId)));
    if (holder && !holder.claimed) await tx.delete(flowExporters).where(eq(flowExporters.deviceId, holder.deviceId));
    await tx.insert(flowExporters).values({ deviceId, tenantId, address, updatedAt: new Date() });
  });
}

/**
 * Every exporter whose device is in an inventory and active, with what ingest needs of the device:
 * the collector's whole directory, small (one row per router that exports), read at once.
 */
export async function activeExporters(db: Db) {
  return db
    .select({
      address: flowExporters.address,
      id: devices.id,
      enrolment: devices.enrolment,
      tenantId: devices.tenantId,
      kind: devices.kind,
      networkId: devices.networkId,
      username: devices.username,
      publicIp: devices.publicIp,
      latitude: devices.latitude,
      longitude: devices.longitude,
    })
    .from(flowExporters)
    .innerJoin(devices, eq(devices.id, flowExporters.deviceId))
    .where(and(eq(devices.claimed, true), eq(devices.active, true)));
}
