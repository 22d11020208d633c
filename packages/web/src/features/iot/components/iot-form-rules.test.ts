import { describe, expect, it } from 'vitest';
import type { IotDevice } from '@netloom/domain';
import { forwardRuleInput, forwardRuleSchema, EMPTY_FORWARD_RULE } from './forward-rule-form-values';
import { summariseInventory, VENDOR_SLICES_MAX } from './inventory-summary';
import { emptySegment, segmentFormErrors, segmentInput } from './segment-form-values';

const NOW = Date.parse('2026-06-01T12:00:00Z');

function device(n: number, vendor: string | null, over: Partial<IotDevice> = {}): IotDevice {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    gateway: { id: '10000000-0000-4000-8000-000000000001', name: 'hq' },
    mac: null,
    bus_id: null,
    ip: null,
    ifname: null,
    hostname: `d${n}`,
    vendor,
    vendor_note: null,
    classification: { class: 'camera', confidence: 0.9, source: 'signals', reasons: [], inferred: null, corrected_by: null, corrected_at: null },
    first_seen: '2026-05-01T00:00:00Z',
    last_seen: '2026-06-01T11:59:00Z',
    health: { state: 'online', age_s: 60, battery_pct: null, battery_low: false },
    last_values: [],
    open_deviations: 0,
    ...over,
  };
}

describe('the IoT overview', () => {
  it('counts the largest vendors and folds the rest into Other, unknown vendors as one', () => {
    const devices = [
      ...Array.from({ length: VENDOR_SLICES_MAX + 2 }, (_, i) => device(i, `Vendor ${i}`)),
      device(100, 'Vendor 0'),
      device(101, null),
      device(102, null),
    ];
    const { byVendor } = summariseInventory(devices, NOW);
    expect(byVendor.length).toBe(VENDOR_SLICES_MAX + 1);
    expect(byVendor.slice(0, 2)).toEqual([
      { name: 'Unknown vendor', value: 2 },
      { name: 'Vendor 0', value: 2 },
    ]);
    expect(byVendor.at(-1)).toEqual({ name: 'Other', value: 3 });
    expect(byVendor.reduce((n, v) => n + v.value, 0)).toBe(devices.length);
  });

  it('names new, silent and deviating devices, the worst first', () => {
    const { fresh, silent, deviating } = summariseInventory(
      [
        device(1, null, { first_seen: '2026-06-01T10:00:00Z' }),
        device(2, null, { health: { state: 'stale', age_s: 900, battery_pct: null, battery_low: false } }),
        device(3, null, { health: { state: 'offline', age_s: 7200, battery_pct: null, battery_low: false }, open_deviations: 1 }),
        device(4, null, { open_deviations: 3 }),
      ],
      NOW,
    );
    expect(fresh.map((d) => d.hostname)).toEqual(['d1']);
    expect(silent.map((d) => d.hostname)).toEqual(['d3', 'd2']);
    expect(deviating.map((d) => d.hostname)).toEqual(['d4', 'd3']);
  });
});

describe('the segment form', () => {
  it('asks for its target and a VLAN’s numbers, and sends a VLAN only in VLAN mode', () => {
    const v = { ...emptySegment(null), mode: 'vlan' as const, prefix: '' as const };
    expect(segmentFormErrors(v)).toEqual({ class: 'Choose a class', 'vlan.vlan_id': 'Required', 'vlan.prefix': 'Required' });
    expect(segmentInput({ ...emptySegment('20000000-0000-4000-8000-000000000001'), vlan_id: 20 })).toEqual({
      mode: 'firewall',
      deny: 'drop',
      device_id: '20000000-0000-4000-8000-000000000001',
    });
  });
});

describe('the forwarding rule form', () => {
  it("refuses a device level the filter has no '+' for, as the server does", () => {
    const r = forwardRuleSchema.safeParse(forwardRuleInput({ ...EMPTY_FORWARD_RULE, filter: 'site/+/temp', series: 'temperature', device_wildcard: 2 }));
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues.map((i) => i.path.join('.'))).toEqual(['device_wildcard']);
    expect(
      forwardRuleSchema.safeParse(forwardRuleInput({ ...EMPTY_FORWARD_RULE, filter: 'site/+/temp', series: 'temperature', device_wildcard: 1 })).success,
    ).toBe(true);
  });
});
