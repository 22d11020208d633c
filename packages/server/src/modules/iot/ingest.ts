import {
  batteryOf,
  classifyInventoryDevice,
  forwardPoint,
  lookupVendor,
  mergeDeviceReports,
  normaliseMac,
  VENDOR_UNKNOWN_LABELS,
  type IotDeviceReport,
  type IotDevicesMessage,
  type IotTelemetryMessage,
  type IotTelemetryPoint,
  type TelemetryForward,
  type VendorLookup,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { ouiTable } from './oui-table';
import * as repo from './repo';

/** The gateway a batch came from, as the device protocol knows it. */
export interface ReportingGateway {
  id: string;
  tenantId: string;
  enrolment: number;
}

/**
 * Claims a batch's (device, seq) in the transaction that stores it (the agent's batch keys, wired
 * in the composition root): false when it was stored before, a resend.
 */
export type ClaimBatch = (tx: Db, gateway: ReportingGateway, seq: number) => Promise<boolean>;

const vendorOf = (mac: string | null): VendorLookup => (mac === null ? { known: false, reason: 'invalid', mac: null } : lookupVendor(ouiTable(), mac));

/** The columns the evidence decides: vendor and the class it makes likeliest. */
function evidenceColumns(report: IotDeviceReport | null, mac: string | null, publishes: boolean) {
  const vendor = vendorOf(mac);
  const verdict = classifyInventoryDevice(report, vendor, publishes);
  return {
    vendor: vendor.known ? vendor.vendor : null,
    vendorNote: vendor.known || mac === null ? null : VENDOR_UNKNOWN_LABELS[vendor.reason],
    class: verdict.class,
    confidence: verdict.confidence,
    reasons: verdict.reasons,
  };
}

const toForwardRule = (r: repo.ForwardRuleRow): TelemetryForward => ({
  id: r.id,
  filter: r.filter,
  series: r.series,
  ...(r.valuePath !== null && { value_path: r.valuePath }),
  ...(r.unit !== null && { unit: r.unit }),
  ...(r.deviceWildcard !== null && { device_wildcard: r.deviceWildcard }),
});

/**
 * What IoT gateways report: the devices on their LANs (merged into the inventory and classified
 * again with each report; an admin's correction is kept apart and wins) and the MQTT telemetry
 * they bridge (through the tenant's forwarding rules into series and last values). Each batch is
 * stored once, in one transaction with its key: a resend is a duplicate and changes nothing.
 */
export class IotIngest {
  constructor(
    private readonly db: Db,
    private readonly claim: ClaimBatch,
  ) {}

  async devices(gateway: ReportingGateway, m: IotDevicesMessage): Promise<{ duplicate: boolean }> {
    // A report of the same MAC twice in a batch is one device: merged in order.
    const byMac = new Map<string, IotDeviceReport>();
    for (const report of m.devices) {
      const before = byMac.get(report.mac);
      byMac.set(report.mac, before ? mergeDeviceReports(before, report) : report);
    }
    return this.db.transaction(async (tx) => {
      if (!(await this.claim(tx, gateway, m.seq))) return { duplicate: true };
      const known = new Map((await repo.devicesByKeys(tx, gateway.tenantId, gateway.id, [...byMac.keys()])).map((d) => [d.key, d]));
      const publishing = new Set(
        (
          await repo.lastValuesOf(
            tx,
            [...known.values()].map((d) => d.id),
          )
        ).map((v) => v.iotDeviceId),
      );
      const rows = [...byMac.values()].map((report) => {
        const before = known.get(report.mac);
        const merged = before?.report ? mergeDeviceReports(before.report, report) : report;
        const publishes = before !== undefined && publishing.has(before.id);
        return {
          id: before?.id ?? crypto.randomUUID(),
          tenantId: gateway.tenantId,
          gatewayId: gateway.id,
          key: report.mac,
          mac: report.mac,
          busId: null,
          ip: merged.ip,
          ifname: merged.ifname ?? null,
          hostname: merged.hostname ?? null,
          report: merged,
          ...evidenceColumns(merged, report.mac, publishes),
          firstSeen: new Date(merged.first_seen),
          lastSeen: new Date(merged.last_seen),
        };
      });
      await repo.upsertDevices(tx, rows);
      return { duplicate: false };
    });
  }

  async telemetry(gateway: ReportingGateway, m: IotTelemetryMessage): Promise<{ duplicate: boolean }> {
    const rules = (await repo.listForwardRules(this.db, gateway.tenantId)).map(toForwardRule);
    type Routed = { point: IotTelemetryPoint; key: string; forwarded: ReturnType<typeof forwardPoint>; battery: number | null };
    const routed: Routed[] = [];
    for (const point of m.points) {
      const forwarded = forwardPoint(rules, point);
      const battery = batteryOf(point);
      // The device a point belongs to: its MAC, else the one its rule's '+' names, else its bus id.
      const key = point.mac ?? (forwarded.ok ? forwarded.device : point.device_id);
      // A point no rule forwards and that says nothing of a battery is not the tenant's to keep.
      if (key === undefined || (!forwarded.ok && battery === null)) continue;
      routed.push({ point, key: normaliseMac(key) ?? key, forwarded, battery });
    }
    return this.db.transaction(async (tx) => {
      if (!(await this.claim(tx, gateway, m.seq))) return { duplicate: true };
      if (routed.length === 0) return { duplicate: false };
      const ids = await this.ensureDevices(tx, gateway, routed);
      const points = routed.flatMap(({ key, forwarded }) =>
        forwarded.ok
          ? [{ tenantId: gateway.tenantId, iotDeviceId: ids.get(key)!, series: forwarded.series, at: new Date(forwarded.at), value: forwarded.value }]
          : [],
      );
      await repo.insertPoints(tx, points);
      const last = new Map<string, repo.LastValueRow>();
      for (const { key, forwarded } of routed) {
        if (!forwarded.ok) continue;
        const id = ids.get(key)!;
        const at = new Date(forwarded.at);
        const before = last.get(`${id}|${forwarded.series}`);
        if (!before || before.at <= at)
          last.set(`${id}|${forwarded.series}`, { iotDeviceId: id, series: forwarded.series, unit: forwarded.unit, value: forwarded.value, at });
      }
      await repo.upsertLastValues(tx, [...last.values()]);
      const touched = new Map<string, { id: string; lastSeen: Date; batteryPct: number | null; batteryAt: number }>();
      for (const { key, point, battery } of routed) {
        const id = ids.get(key)!;
        const at = new Date(point.at);
        const t = touched.get(id) ?? { id, lastSeen: at, batteryPct: null, batteryAt: -Infinity };
        if (at > t.lastSeen) t.lastSeen = at;
        if (battery !== null && at.getTime() >= t.batteryAt) Object.assign(t, { batteryPct: battery, batteryAt: at.getTime() });
        touched.set(id, t);
      }
      await repo.touchDevices(tx, [...touched.values()]);
      return { duplicate: false };
    });
  }

  /** The inventory rows of the points' devices, made for those the gateway has not reported (a sensor behind a hub). */
  private async ensureDevices(tx: Db, gateway: ReportingGateway, routed: { key: string; point: IotTelemetryPoint }[]): Promise<Map<string, string>> {
    const keys = [...new Set(routed.map((r) => r.key))];
    const known = await repo.devicesByKeys(tx, gateway.tenantId, gateway.id, keys);
    const ids = new Map(known.map((d) => [d.key, d.id]));
    const fresh = new Map<string, repo.DeviceInsert>();
    for (const { key, point } of routed) {
      if (ids.has(key) || fresh.has(key)) continue;
      const mac = normaliseMac(key);
      fresh.set(key, {
        id: crypto.randomUUID(),
        tenantId: gateway.tenantId,
        gatewayId: gateway.id,
        key,
        mac,
        busId: mac === null ? key : null,
        report: null,
        ...evidenceColumns(null, mac, true),
        firstSeen: new Date(point.at),
        lastSeen: new Date(point.at),
      });
    }
    const written = await repo.upsertDevices(tx, [...fresh.values()]);
    for (const [key, id] of written) ids.set(key, id);
    return ids;
  }
}
