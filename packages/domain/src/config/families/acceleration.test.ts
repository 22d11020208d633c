import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { interfaces, issues, uuid } from './test-fixtures';

const rule = (n: number, over: Record<string, unknown> = {}) => ({ id: uuid(n), name: `rule-${n}`, application: 'Microsoft Teams', ...over });

describe('Network Acceleration family', () => {
  it('accepts rules by application or by subnet on WAN links, and fills defaults', () => {
    const acceleration = {
      wan_links: ['wan1', 'wan2'],
      rules: [rule(1), rule(2, { application: undefined, destination: '10.20.0.0/16', fec: true, fec_overhead_pct: 10 })],
    };
    expect(issues({ interfaces, acceleration })).toEqual([]);
    expect(configDocumentSchema.parse({ interfaces, acceleration }).acceleration?.rules[0]).toEqual({
      ...rule(1),
      window_scaling: true,
      selective_ack: true,
      fec: false,
      fec_overhead_pct: 20,
      duplication: false,
      enabled: true,
    });
  });

  it('matches exactly one of an application and a destination', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (app, dst) => {
        const r = rule(1, { application: app ? 'Zoom' : undefined, destination: dst ? '10.0.0.0/8' : undefined });
        const found = issues({ interfaces, acceleration: { wan_links: ['wan1'], rules: [r] } });
        expect(found).toEqual(app !== dst ? [] : ['acceleration.rules.0.application: Match an application or a destination subnet, one of them']);
      }),
    );
  });

  it('refuses a name used twice, FEC overhead out of range, links that are not WANs, and rules without links', () => {
    expect(
      issues({ interfaces, acceleration: { wan_links: ['wan1', 'lan1', 'wan1'], rules: [rule(1), rule(2, { name: 'rule-1', fec_overhead_pct: 80 })] } }),
    ).toEqual([
      'acceleration.rules.1.fec_overhead_pct: Too big: expected number to be <=50',
      'acceleration.wan_links.2: Interface already listed',
      'acceleration.rules.1.name: Rule name already used',
      'acceleration.wan_links.1: Not a WAN interface of this configuration',
    ]);
    expect(issues({ interfaces, acceleration: { rules: [rule(1)] } })).toEqual(['acceleration.wan_links: Pick the WAN links it accelerates on']);
    expect(issues({ interfaces, acceleration: { rules: [rule(1, { enabled: false })] } })).toEqual([]);
  });

  it('lets a template hold variables in its text fields', () => {
    expect(
      checkTemplateSection('acceleration', { wan_links: ['{{uplink}}'], rules: [rule(1, { application: undefined, destination: '{{dc_subnet}}' })] }),
    ).toEqual([]);
  });
});
