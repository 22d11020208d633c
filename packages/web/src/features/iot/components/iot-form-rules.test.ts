import { describe, expect, it } from 'vitest';
import type { IotSummary } from '@netloom/domain';
import { forwardRuleInput, forwardRuleSchema, EMPTY_FORWARD_RULE } from './forward-rule-form-values';
import { inventorySlices, VENDOR_SLICES_MAX } from './inventory-summary';
import { emptySegment, segmentFormErrors, segmentInput } from './segment-form-values';

describe('the IoT overview', () => {
  it('draws the largest vendors and folds the rest into Other, with what the server already folded; no vendor is Unknown vendor', () => {
    const summary: IotSummary = {
      devices: 16,
      new_24h: 0,
      health: { online: 16, stale: 0, offline: 0, battery_low: 0 },
      deviating: 0,
      deviations: 0,
      by_class: [
        { class: 'sensor', devices: 4 },
        { class: 'camera', devices: 12 },
      ],
      // Vendor 0 with two devices, Vendors 1 to 9 with one each, two devices whose MAC names none.
      by_vendor: [
        { vendor: 'Vendor 0', devices: 2 },
        ...Array.from({ length: VENDOR_SLICES_MAX + 1 }, (_, i) => ({ vendor: `Vendor ${i + 1}`, devices: 1 })),
        { vendor: null, devices: 2 },
      ],
      other_vendors: 1,
      gateways: [],
    };
    const { byClass, byVendor } = inventorySlices(summary);
    expect(byClass.map((c) => c.value)).toEqual([12, 4]);
    expect(byVendor.length).toBe(VENDOR_SLICES_MAX + 1);
    expect(byVendor.slice(0, 2)).toEqual([
      { name: 'Unknown vendor', value: 2 },
      { name: 'Vendor 0', value: 2 },
    ]);
    expect(byVendor.at(-1)).toEqual({ name: 'Other', value: 4 });
    expect(byVendor.reduce((n, v) => n + v.value, 0)).toBe(summary.by_vendor.reduce((n, v) => n + v.devices, 0) + summary.other_vendors);
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
