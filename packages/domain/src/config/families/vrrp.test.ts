import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { interfaces, issues, uuid } from './test-fixtures';

const group = (n: number, over: Record<string, unknown> = {}) => ({ id: uuid(n), interface: 'lan1', vrid: n, virtual_ip: `192.168.1.${250 - n}`, ...over });

describe('VRRP family', () => {
  it('accepts groups on LANs and VLANs of the document, and fills defaults', () => {
    const vrrp = {
      groups: [group(1), group(2, { interface: 'lan1.10', vrid: 1, virtual_ip: '192.168.10.254', track: [{ interface: 'wan1', decrement: 20 }] })],
    };
    expect(issues({ interfaces, vrrp })).toEqual([]);
    expect(configDocumentSchema.parse({ interfaces, vrrp }).vrrp?.groups[0]).toMatchObject({
      priority: 100,
      preempt: true,
      advert_interval_s: 1,
      track: [],
      enabled: true,
    });
  });

  it('refuses a virtual router id twice on one interface, out of range values, and tracking an interface twice', () => {
    const vrrp = {
      groups: [
        group(1),
        group(2, { vrid: 1, virtual_ip: '192.168.1.100' }),
        group(3, {
          vrid: 256,
          priority: 255,
          track: [
            { interface: 'wan1', decrement: 10 },
            { interface: 'wan1', decrement: 5 },
          ],
        }),
      ],
    };
    expect(issues({ interfaces, vrrp })).toEqual([
      'vrrp.groups.2.vrid: Too big: expected number to be <=255',
      'vrrp.groups.2.priority: Too big: expected number to be <=254',
      'vrrp.groups.2.track.1.interface: Interface already listed',
      'vrrp.groups.1.vrid: Virtual router id already used on this interface',
    ]);
  });

  it('runs on a LAN interface only, with a free host address of its subnet, tracking interfaces that exist', () => {
    const at = (over: Record<string, unknown>) => issues({ interfaces, vrrp: { groups: [group(1, over)] } });
    expect(at({ interface: 'wan2', virtual_ip: '203.0.113.3' })).toEqual(['vrrp.groups.0.interface: No such LAN interface in this configuration']);
    expect(at({ virtual_ip: '192.168.2.10' })).toEqual(['vrrp.groups.0.virtual_ip: Outside the subnet of lan1']);
    expect(at({ virtual_ip: '192.168.1.1' })).toEqual(['vrrp.groups.0.virtual_ip: Address of lan1 itself']);
    expect(at({ virtual_ip: '192.168.1.255' })).toEqual(['vrrp.groups.0.virtual_ip: Network or broadcast address of lan1']);
    expect(at({ track: [{ interface: 'wan7', decrement: 10 }] })).toEqual(['vrrp.groups.0.track.0.interface: No such interface in this configuration']);
  });

  it('flags a virtual address exactly when it is not a free host of its interface', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (third, last) => {
        const ip = `192.168.${third}.${last}`;
        const found = issues({ interfaces, vrrp: { groups: [group(1, { virtual_ip: ip })] } });
        const free = third === 1 && last !== 0 && last !== 255 && last !== 1;
        expect(found.length === 0).toBe(free);
      }),
    );
  });

  it('says what a tracked interface is when the list holds something else', () => {
    expect(issues({ interfaces, vrrp: { groups: [group(1, { track: ['wan1 minus twenty'] })] } })).toEqual([
      'vrrp.groups.0.track.0: Not a tracked interface: a name, then how much its loss lowers the priority',
    ]);
  });

  it('lets a template hold variables in its text fields', () => {
    const section = { groups: [group(1, { interface: '{{lan}}', virtual_ip: '{{vip}}' })] };
    expect(checkTemplateSection('vrrp', section)).toEqual([]);
    expect(checkTemplateSection('vrrp', { groups: [group(1, { virtual_ip: '1.2.3' })] }).map((i) => i.path.join('.'))).toEqual(['groups.0.virtual_ip']);
  });
});
