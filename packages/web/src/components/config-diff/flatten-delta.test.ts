import { describe, expect, it } from 'vitest';
import { configChanges } from './flatten-delta';

const route = (id: string, name: string, gateway: string) => ({ id, name, destination: '10.0.0.0/8', gateway });

describe('configChanges', () => {
  it('names an edited list item by its name and the field that changed, not by a shifted position', () => {
    const before = { static_routes: [route('a', 'to-dc', '192.168.1.254'), route('b', 'to-lab', '192.168.1.253')] };
    const after = { static_routes: [route('b', 'to-lab', '192.168.1.250')] };
    expect(configChanges(before, after)).toEqual([
      { path: ['Static Routes', 'to-lab', 'gateway'], kind: 'changed', before: '192.168.1.253', after: '192.168.1.250' },
      { path: ['Static Routes', 'to-dc'], kind: 'removed', before: before.static_routes[0], after: undefined },
    ]);
  });

  it('shows an added family and an added item whole, and nothing for equal documents', () => {
    const lan = { lan: [{ name: 'lan1', ip: '10.1.0.1', prefix: 24, mtu: 1500 }], wan: [], vlans: [] };
    expect(configChanges({}, { interfaces: lan })).toEqual([{ path: ['Interfaces & VLANs'], kind: 'added', before: undefined, after: lan }]);
    expect(configChanges({ interfaces: lan }, { interfaces: lan })).toEqual([]);
  });
});
