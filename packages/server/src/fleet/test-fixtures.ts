import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices, tenants } from '../db/schema/index';
import type { DeviceRecord } from './device-row';

/** Test helpers: devices are inserted straight into the database (no agent in these tests). */
export async function demoTenantIds(db: Db): Promise<{ acme: string; globex: string }> {
  const rows = await db.select({ id: tenants.id, name: tenants.name }).from(tenants);
  const by = (name: string) => rows.find((r) => r.name === name)!.id;
  return { acme: by('Acme'), globex: by('Globex') };
}

let serial = 0;
export async function addDevice(db: Db, tenantId: string, fields: Partial<typeof devices.$inferInsert> = {}): Promise<DeviceRecord> {
  serial += 1;
  const [row] = await db
    .insert(devices)
    .values({
      id: crypto.randomUUID(),
      tenantId,
      serial: `SN-${serial}-${crypto.randomUUID().slice(0, 8)}`,
      name: `device-${serial}`,
      kind: 'gateway',
      approved: true,
      ...fields,
    })
    .returning();
  return row!;
}

export async function deviceById(db: Db, id: string): Promise<DeviceRecord | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row;
}

export const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
