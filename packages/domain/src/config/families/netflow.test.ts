import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { interfaces, issues } from './test-fixtures';

describe('NetFlow family', () => {
  it("exports from interfaces of the document to Netloom's collector, with defaults filled", () => {
    expect(issues({ interfaces, netflow: { interfaces: ['wan1', 'lan1.10'] } })).toEqual([]);
    expect(configDocumentSchema.parse({ interfaces, netflow: { interfaces: ['wan1'] } }).netflow).toEqual({
      enabled: true,
      interfaces: ['wan1'],
      sampling: 1,
      active_timeout_s: 60,
      inactive_timeout_s: 15,
      version: 'ipfix',
      netloom_collector: true,
      collectors: [],
    });
  });

  it('refuses unknown or repeated interfaces, a collector twice, a third collector and sampling out of range', () => {
    const c = { address: '192.0.2.9', port: 2055 };
    const netflow = { interfaces: ['wan1', 'wan1', 'wan7'], sampling: 0, collectors: [c, c] };
    expect(issues({ interfaces, netflow })).toEqual([
      'netflow.sampling: Too small: expected number to be >=1',
      'netflow.interfaces.1: Interface already listed',
      'netflow.collectors.1.port: Collector already listed',
      'netflow.interfaces.2: No such interface in this configuration',
    ]);
    expect(issues({ interfaces, netflow: { interfaces: ['wan1'], collectors: [c, { ...c, port: 2056 }, { ...c, port: 2057 }] } })).toEqual([
      'netflow.collectors: Too big: expected array to have <=2 items',
    ]);
  });

  it('needs an interface and a collector while enabled, and nothing while disabled', () => {
    expect(issues({ interfaces, netflow: { netloom_collector: false } })).toEqual([
      'netflow.interfaces: Pick at least one interface to export',
      "netflow.netloom_collector: No collector: keep Netloom's or add one",
    ]);
    expect(issues({ interfaces, netflow: { enabled: false, netloom_collector: false } })).toEqual([]);
  });

  it('flags the inactive timeout exactly when it is above the active one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3600 }), fc.integer({ min: 1, max: 600 }), (active, inactive) => {
        const found = issues({ interfaces, netflow: { interfaces: ['wan1'], active_timeout_s: active, inactive_timeout_s: inactive } });
        expect(found).toEqual(inactive > active ? ['netflow.inactive_timeout_s: At most the active timeout'] : []);
      }),
    );
  });

  it('lets a template hold variables in its text fields', () => {
    expect(checkTemplateSection('netflow', { interfaces: ['{{uplink}}'], collectors: [{ address: '{{collector}}', port: 2055 }] })).toEqual([]);
    expect(checkTemplateSection('netflow', { interfaces: ['wan1'], version: 'v5' }).map((i) => i.path.join('.'))).toEqual(['version']);
  });
});
