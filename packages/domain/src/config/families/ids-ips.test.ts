import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { overlaps, subnetOfCidr } from '../subnets';
import { IDS_CATEGORY_KEYS } from './ids-ips-catalogue';
import { interfaces, issues } from './test-fixtures';

describe('IDS/IPS family', () => {
  it('inspects interfaces of the document, every shipped category alerting unless set otherwise', () => {
    const section = { mode: 'prevent', interfaces: ['wan1', 'lan1.10'], home_networks: ['192.168.0.0/16'], categories: { malware: 'drop', info: 'disable' } };
    expect(issues({ interfaces, ids_ips: section })).toEqual([]);
    const parsed = configDocumentSchema.parse({ interfaces, ids_ips: section }).ids_ips!;
    expect(Object.keys(parsed.categories)).toEqual([...IDS_CATEGORY_KEYS]);
    expect(parsed.categories).toMatchObject({ malware: 'drop', info: 'disable', exploit: 'alert', scan: 'alert' });
    expect(parsed.exceptions).toEqual([]);
    expect(configDocumentSchema.parse({ ids_ips: {} }).ids_ips).toMatchObject({ mode: 'off', interfaces: [], home_networks: [] });
  });

  it('refuses an unknown category or action, an interface listed twice, and needs an interface unless it is off', () => {
    expect(issues({ interfaces, ids_ips: { categories: { malware: 'block', gaming: 'alert' } } })).toEqual([
      'ids_ips.categories.malware: Invalid option: expected one of "alert"|"drop"|"disable"',
      'ids_ips.categories: Unrecognized key: "gaming"',
    ]);
    expect(issues({ interfaces, ids_ips: { mode: 'detect', interfaces: ['wan1', 'wan1'] } })).toEqual(['ids_ips.interfaces.1: Interface already listed']);
    expect(issues({ interfaces, ids_ips: { mode: 'detect' } })).toEqual(['ids_ips.interfaces: Pick at least one interface to inspect']);
    expect(issues({ interfaces, ids_ips: { mode: 'off' } })).toEqual([]);
  });

  it('takes exceptions of a signature id for an address or a network, each once', () => {
    const exceptions = [
      { sid: 2044401, address: '192.168.1.50' },
      { sid: 2044401, address: '10.0.0.0/8' },
      { sid: 2044402, address: '192.168.1.50' },
      { sid: 2044401, address: '192.168.1.50' },
      { sid: 0, address: '10.1.2.3/8' },
      { sid: 4294967296, address: 'host' },
    ];
    expect(issues({ interfaces, ids_ips: { exceptions } })).toEqual([
      'ids_ips.exceptions.4.sid: Signature id 1 to 4294967295',
      "ids_ips.exceptions.4.address: An address 'x.x.x.x' or a network 'x.x.x.x/y'",
      'ids_ips.exceptions.5.sid: Signature id 1 to 4294967295',
      "ids_ips.exceptions.5.address: An address 'x.x.x.x' or a network 'x.x.x.x/y'",
      'ids_ips.exceptions.3.address: Exception already listed for this signature',
    ]);
    expect(issues({ interfaces, ids_ips: { exceptions: [{ sid: 4294967295, address: '0.0.0.0/0' }] } })).toEqual([]);
  });

  it('refuses an interface the document does not have, exactly those, wherever they stand', () => {
    const names = ['lan1', 'lan2', 'lan1.10', 'wan1', 'wan2', 'lan3', 'wan9', 'lan1.20', 'eth0'];
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...names), { maxLength: names.length }), (picked) => {
        const expected = picked.flatMap((n, i) =>
          ['lan3', 'wan9', 'lan1.20', 'eth0'].includes(n) ? [`ids_ips.interfaces.${i}: No such interface in this configuration`] : [],
        );
        expect(issues({ interfaces, ids_ips: { interfaces: picked } })).toEqual(expected);
      }),
    );
  });

  it('flags a home network exactly when it overlaps an earlier one, at the later one', () => {
    const network = fc
      .tuple(fc.constantFrom(10, 172, 192), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.constantFrom(8, 12, 16, 22, 24, 28))
      .map(([a, b, c, prefix]) => {
        const s = subnetOfCidr(`${a}.${b}.${c * 64}.0/${prefix}`);
        return `${s.network >>> 24}.${(s.network >>> 16) & 255}.${(s.network >>> 8) & 255}.${s.network & 255}/${prefix}`;
      });
    fc.assert(
      fc.property(fc.array(network, { maxLength: 6 }), (home) => {
        const found = issues({ ids_ips: { home_networks: home } });
        const expected = home.flatMap((n, j) => {
          const earlier = home.findIndex((m, i) => i < j && overlaps(subnetOfCidr(m), subnetOfCidr(n)));
          if (earlier < 0) return [];
          return [`ids_ips.home_networks.${j}: ${home[earlier] === n ? 'Network already listed' : `Overlaps ${home[earlier]}`}`];
        });
        expect(found).toEqual(expected);
      }),
    );
  });

  it('refuses a home network with host bits set', () => {
    expect(issues({ ids_ips: { home_networks: ['10.1.2.3/8'] } })).toEqual([
      "ids_ips.home_networks.0: Format 'x.x.x.x/y',where x is in the range 0-255 and y in the range 1-32",
    ]);
  });

  it('lets a template hold variables in its text fields', () => {
    expect(
      checkTemplateSection('ids_ips', {
        mode: 'detect',
        interfaces: ['{{uplink}}'],
        home_networks: ['{{office_net}}'],
        exceptions: [{ sid: 2044401, address: '{{scanner}}' }],
      }),
    ).toEqual([]);
    expect(checkTemplateSection('ids_ips', { mode: 'block' }).map((i) => i.path.join('.'))).toEqual(['mode']);
  });
});
