import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { interfaces, issues } from './test-fixtures';

describe('URL Filtering family', () => {
  it('runs on LAN interfaces and VLANs of the document, with defaults filled', () => {
    expect(issues({ interfaces, url_filter: { interfaces: ['lan1', 'lan1.10'], exempt_clients: ['192.168.1.50', '192.168.2.0/28'] } })).toEqual([]);
    expect(configDocumentSchema.parse({ interfaces, url_filter: { interfaces: ['lan2'] } }).url_filter).toEqual({
      enabled: true,
      interfaces: ['lan2'],
      exempt_clients: [],
      safesearch: false,
      block_page_message: '',
      log_allowed: false,
    });
  });

  it('refuses a WAN or an interface the document lacks, one listed twice, and none at all while on', () => {
    expect(issues({ interfaces, url_filter: { interfaces: ['lan1', 'wan1', 'lan9', 'lan1'] } })).toEqual([
      'url_filter.interfaces.3: Interface already listed',
      'url_filter.interfaces.1: Not a LAN interface or VLAN of this configuration',
      'url_filter.interfaces.2: Not a LAN interface or VLAN of this configuration',
    ]);
    expect(issues({ interfaces, url_filter: {} })).toEqual(['url_filter.interfaces: Pick at least one LAN interface or VLAN to filter']);
    expect(issues({ interfaces, url_filter: { enabled: false } })).toEqual([]);
  });

  it('refuses a malformed exempt client, one listed twice, one overlapping an earlier one, and a long block page message', () => {
    const url_filter = {
      interfaces: ['lan1'],
      exempt_clients: ['192.168.1.0/25', '192.168.1.9', '10.0.0.1/8', '192.168.1.0/25', 'printer'],
      block_page_message: 'x'.repeat(201),
    };
    expect(issues({ interfaces, url_filter })).toEqual([
      "url_filter.exempt_clients.2: An address x.x.x.x or a subnet 'x.x.x.x/y'",
      "url_filter.exempt_clients.4: An address x.x.x.x or a subnet 'x.x.x.x/y'",
      'url_filter.block_page_message: At most 200 characters',
      'url_filter.exempt_clients.1: Overlaps 192.168.1.0/25',
      'url_filter.exempt_clients.3: Client already listed',
    ]);
  });

  it('flags an exempt subnet exactly when it shares an address with an earlier one', () => {
    const subnet = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 24, max: 32 })).map(([n, prefix]) => {
      const size = 2 ** (32 - prefix);
      return { text: `10.0.0.${Math.floor(n / size) * size}/${prefix}`, from: Math.floor(n / size) * size, to: Math.floor(n / size) * size + size - 1 };
    });
    fc.assert(
      fc.property(fc.array(subnet, { minLength: 1, maxLength: 5 }), (subnets) => {
        const found = issues({ interfaces, url_filter: { interfaces: ['lan1'], exempt_clients: subnets.map((s) => s.text) } });
        const expected = subnets.flatMap((s, i) => {
          const earlier = subnets.slice(0, i).find((e) => e.from <= s.to && s.from <= e.to);
          if (!earlier) return [];
          return [`url_filter.exempt_clients.${i}: ${earlier.text === s.text ? 'Client already listed' : `Overlaps ${earlier.text}`}`];
        });
        expect(found).toEqual(expected);
      }),
    );
  });

  it('flags a filtered interface exactly when the document has no such LAN interface or VLAN', () => {
    const names = ['lan1', 'lan2', 'lan1.10', 'lan3', 'wan1', 'wan2'];
    const lans = new Set(['lan1', 'lan2', 'lan1.10']);
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...names), { minLength: 1 }), (picked) => {
        expect(issues({ interfaces, url_filter: { interfaces: picked } })).toEqual(
          picked.flatMap((n, i) => (lans.has(n) ? [] : [`url_filter.interfaces.${i}: Not a LAN interface or VLAN of this configuration`])),
        );
      }),
    );
  });

  it('lets a template hold variables in its interfaces, exempt clients and message', () => {
    const section = { interfaces: ['{{lan}}'], exempt_clients: ['{{printer}}'], block_page_message: 'Ask {{helpdesk}}' };
    expect(checkTemplateSection('url_filter', section)).toEqual([]);
    expect(checkTemplateSection('url_filter', { interfaces: ['{{lan}}'], safesearch: 'yes' }).map((i) => i.path.join('.'))).toEqual(['safesearch']);
  });
});
