import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskSecrets, restoreSecrets, SECRET_MASK, unrestoredSecrets } from './secrets';

const tunnel = (id: string, psk: string) => ({ id, name: `t-${id}`, psk, local_subnets: ['10.1.0.0/16'] });

describe('configuration secrets', () => {
  it('are masked at any depth, and nothing else is', () => {
    const doc = { ipsec: { tunnels: [tunnel('a', 'k1-secret'), tunnel('b', '')] }, bgp: { neighbours: [{ address: '10.0.0.2', password: 'p' }] } };
    expect(maskSecrets(doc)).toEqual({
      ipsec: { tunnels: [tunnel('a', SECRET_MASK), tunnel('b', '')] },
      bgp: { neighbours: [{ address: '10.0.0.2', password: SECRET_MASK }] },
    });
    expect(JSON.stringify(maskSecrets(doc))).not.toContain('k1-secret');
  });

  it('come back from what was kept when a form sends the mask, matched by id whatever the order, and a new value wins', () => {
    const kept = { tunnels: [tunnel('a', 'key-a'), tunnel('b', 'key-b')] };
    const sent = { tunnels: [tunnel('b', SECRET_MASK), tunnel('a', 'new-key-a'), tunnel('c', SECRET_MASK)] };
    const restored = restoreSecrets(sent, kept);
    expect(restored.tunnels.map((t) => t.psk)).toEqual(['key-b', 'new-key-a', SECRET_MASK]);
    expect(unrestoredSecrets({ ipsec: restored })).toEqual([['ipsec', 'tunnels', 2, 'psk']]);
  });

  it('round-trip: masking then restoring against the original gives the original', () => {
    const doc = fc.record({
      tunnels: fc.uniqueArray(fc.record({ id: fc.uuid(), psk: fc.string({ minLength: 1 }), name: fc.string() }), { selector: (t) => t.id }),
    });
    fc.assert(
      fc.property(doc, (generated) => {
        const d = JSON.parse(JSON.stringify(generated)) as typeof generated;
        expect(restoreSecrets(maskSecrets(d), d)).toEqual(d);
      }),
    );
  });
});
