import { describe, expect, it } from 'vitest';
import { ndrActionInputSchema, ndrDetectionPatchSchema, ndrDetectionListQuerySchema, ndrRulePatchSchema, NDR_RULE_IDS } from './api';

describe('NDR API contract', () => {
  it('names every rule and refuses an empty triage or rule change', () => {
    expect(NDR_RULE_IDS).toContain('ndr.port_scan');
    expect(ndrDetectionPatchSchema.safeParse({}).success).toBe(false);
    expect(ndrDetectionPatchSchema.safeParse({ status: 'false_positive', scope: 'host' }).success).toBe(true);
    expect(ndrRulePatchSchema.safeParse({}).success).toBe(false);
  });

  it('refuses a backwards window and an action without a valid host', () => {
    const q = ndrDetectionListQuerySchema.safeParse({ start_time: '2026-01-02T00:00:00Z', end_time: '2026-01-01T00:00:00Z' });
    expect(q.success).toBe(false);
    const bad = ndrActionInputSchema.safeParse({ kind: 'quarantine_host', device_id: crypto.randomUUID(), host_ip: '10.0.0', method: 'firewall' });
    expect(bad.success).toBe(false);
    const ok = ndrActionInputSchema.safeParse({ kind: 'block_destination', device_id: crypto.randomUUID(), target: { type: 'domain', value: 'evil.test' } });
    expect(ok.success).toBe(true);
  });
});
