import { iotHealth, type IotDevice, type IotDeviation, type IotForwardRule, type IotSegment } from '@netloom/domain';
import type * as repo from './repo';

/** Rows as the API answers them. */

export function deviceView(row: repo.DeviceWithGateway, lastValues: repo.LastValueRow[], openDeviations: number, now: number): IotDevice {
  const corrected = row.correctedClass !== null;
  const inferred = { class: row.class, confidence: row.confidence, reasons: row.reasons };
  return {
    id: row.id,
    gateway: { id: row.gatewayId, name: row.gatewayName },
    mac: row.mac,
    bus_id: row.busId,
    ip: row.ip,
    ifname: row.ifname,
    hostname: row.hostname,
    vendor: row.vendor,
    vendor_note: row.vendorNote,
    // As classifyDevice words it: an admin's correction is certain, and the evidence's verdict is shown beside it.
    classification: corrected
      ? {
          class: row.correctedClass!,
          confidence: 1,
          source: 'admin',
          reasons: [`Set by ${row.correctedBy ?? 'an administrator'}`],
          inferred,
          corrected_by: row.correctedBy,
          corrected_at: row.correctedAt?.toISOString() ?? null,
        }
      : { ...inferred, source: 'signals', inferred: null, corrected_by: null, corrected_at: null },
    first_seen: row.firstSeen.toISOString(),
    last_seen: row.lastSeen.toISOString(),
    health: iotHealth(row.lastSeen.toISOString(), now, row.batteryPct),
    last_values: lastValues.map((v) => ({ series: v.series, unit: v.unit, value: v.value, at: v.at.toISOString() })),
    open_deviations: openDeviations,
  };
}

export const forwardRuleView = (r: repo.ForwardRuleRow): IotForwardRule => ({
  id: r.id,
  position: r.position,
  filter: r.filter,
  series: r.series,
  value_path: r.valuePath,
  unit: r.unit,
  device_wildcard: r.deviceWildcard,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export const deviationView = (d: repo.DeviationRow): IotDeviation => ({
  id: d.id,
  device_id: d.iotDeviceId,
  kind: d.kind,
  severity: d.severity,
  title: d.title,
  summary: d.summary,
  peer: d.peer,
  country: d.country,
  service: d.service,
  first_seen: d.firstSeen.toISOString(),
  last_seen: d.lastSeen.toISOString(),
  count: d.count,
});

export const segmentView = (s: repo.SegmentWithGateway): IotSegment => ({
  id: s.id,
  key: s.key,
  target: s.targetClass !== null ? { kind: 'class', class: s.targetClass } : { kind: 'device', device_id: s.targetDeviceId! },
  gateway: { id: s.gatewayId, name: s.gatewayName },
  mode: s.mode,
  deny: s.deny,
  vlan: s.vlan,
  members: s.members,
  rules: s.rules,
  broadened: s.broadened,
  created_by: s.createdBy,
  created_at: s.createdAt.toISOString(),
});
