import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '../document';
import { interfaces, issues, uuid } from './test-fixtures';

const sla = { latency_ms: 150, jitter_ms: 30, loss_pct: 1 };
const rule = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  name: `rule ${n}`,
  application: 'office365',
  preferred_wan: 'wan1',
  sla,
  ...over,
});
const links = [{ interface: 'wan1' }, { interface: 'wan2', priority: 2 }];

describe('SD-WAN family', () => {
  it('accepts rules over the WAN links of the document, and fills defaults', () => {
    const sdwan = {
      interfaces: links,
      rules: [rule(1), rule(2, { application: undefined, destination: '10.0.0.0/8', preferred_wan: 'wan2' }), rule(3, { application: undefined, dscp: 46 })],
    };
    expect(issues({ interfaces, sdwan })).toEqual([]);
    const doc = configDocumentSchema.parse({ interfaces, sdwan });
    expect(doc.sdwan?.interfaces[0]).toEqual({ interface: 'wan1', enabled: true, priority: 1 });
    expect(doc.sdwan?.rules[0]).toMatchObject({ enabled: true, failover: true });
  });

  it('refuses a rule that matches nothing, and a DSCP value out of range', () => {
    expect(issues({ interfaces, sdwan: { interfaces: links, rules: [rule(1, { application: undefined })] } })).toEqual([
      'sdwan.rules.0.application: Match at least an application, a destination or a DSCP value',
    ]);
    expect(issues({ interfaces, sdwan: { interfaces: links, rules: [rule(1, { dscp: 64, sla: { ...sla, loss_pct: -1 } })] } })).toEqual([
      'sdwan.rules.0.dscp: Too big: expected number to be <=63',
      'sdwan.rules.0.sla.loss_pct: Too small: expected number to be >=0',
    ]);
  });

  it('steers over WAN interfaces of the document only, each listed once, and prefers one of them', () => {
    const sdwan = {
      interfaces: [{ interface: 'wan1' }, { interface: 'lan1' }, { interface: 'wan1', priority: 3 }],
      rules: [rule(1, { preferred_wan: 'wan2' })],
    };
    expect(issues({ interfaces, sdwan })).toEqual([
      'sdwan.interfaces.2.interface: Interface already listed',
      'sdwan.rules.0.preferred_wan: Not an SD-WAN interface',
      'sdwan.interfaces.1.interface: Not a WAN interface of this configuration',
    ]);
    expect(issues({ sdwan: { interfaces: [{ interface: 'wan1' }] } })).toEqual(['sdwan.interfaces.0.interface: Not a WAN interface of this configuration']);
  });
});
