import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bondShares } from './bond-shares';
import { BOND_MODES } from './families/link-bonding';

const m = (up: boolean, weight = 1, n = 1) => ({ interface: `wan${n}`, up, weight });

describe('bond shares', () => {
  it('sends on the first member up in active-backup, on all in broadcast, split by weight when balancing', () => {
    expect(bondShares('active-backup', [m(false), m(true), m(true)])).toEqual([0, 100, 0]);
    expect(bondShares('broadcast', [m(true), m(false), m(true)])).toEqual([100, 0, 100]);
    expect(bondShares('balance-flow', [m(true, 3), m(true, 1)])).toEqual([75, 25]);
    expect(bondShares('balance-packet', [m(true), m(true), m(true)])).toEqual([34, 33, 33]);
    expect(bondShares('balance-flow', [m(false), m(false)])).toEqual([0, 0]);
  });

  it('gives a down member nothing, and a bond with a member up exactly 100 % unless it broadcasts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOND_MODES),
        fc.array(fc.record({ up: fc.boolean(), weight: fc.integer({ min: 1, max: 100 }) }), { minLength: 2, maxLength: 8 }),
        (mode, ms) => {
          const members = ms.map((x, i) => ({ ...x, interface: `wan${i}` }));
          const shares = bondShares(mode, members);
          members.forEach((x, i) => {
            if (!x.up) expect(shares[i]).toBe(0);
          });
          const anyUp = members.some((x) => x.up);
          if (mode === 'broadcast') expect(shares).toEqual(members.map((x) => (x.up ? 100 : 0)));
          else expect(shares.reduce((a, b) => a + b, 0)).toBe(anyUp ? 100 : 0);
        },
      ),
    );
  });
});
