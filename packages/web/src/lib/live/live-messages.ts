import { z } from 'zod';
import { deviceRowSchema, tenantInfoSchema, type DeviceRow, type TenantInfo } from '@netloom/domain';

/** What the live hub pushes (DESIGN.md "Live channels"); anything else is ignored. */
const inboundSchema = z.object({
  deviceinfo: z.array(deviceRowSchema).optional(),
  /** Only the devices that changed: merge them by id instead of replacing the list. */
  partial: z.boolean().optional(),
  tenantinfo: tenantInfoSchema.optional(),
});

export type LiveMessage = { kind: 'devices'; rows: DeviceRow[]; partial: boolean } | { kind: 'tenant-info'; info: TenantInfo };

/** The messages one socket frame carries, or none when the frame is not something we know. */
export function parseLiveFrame(text: string): LiveMessage[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = inboundSchema.safeParse(json);
  if (!parsed.success) return [];
  const out: LiveMessage[] = [];
  if (parsed.data.deviceinfo) out.push({ kind: 'devices', rows: parsed.data.deviceinfo, partial: parsed.data.partial === true });
  if (parsed.data.tenantinfo) out.push({ kind: 'tenant-info', info: parsed.data.tenantinfo });
  return out;
}

/**
 * A full list replaces what we hold; a partial one updates the rows it names (keeping their
 * place, so a live change never reorders the table) and appends devices we did not know yet.
 */
export function mergeDeviceRows(current: readonly DeviceRow[] | undefined, incoming: readonly DeviceRow[], partial: boolean): DeviceRow[] {
  if (!partial || !current) return [...incoming];
  const changed = new Map(incoming.map((r) => [r.id, r]));
  const merged = current.map((r) => {
    const next = changed.get(r.id);
    if (!next) return r;
    changed.delete(r.id);
    return next;
  });
  return changed.size ? [...merged, ...changed.values()] : merged;
}
