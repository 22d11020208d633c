import type { BondMode } from './families/link-bonding';

export interface BondMember {
  interface: string;
  up: boolean;
  /** The WAN's load-balancing weight (interfaces section); balancing modes split by it. */
  weight: number;
}

/**
 * Each member's share of a bond's traffic in whole percent, as the bond sends it now: a down
 * member carries nothing; active-backup sends all on the first member up; the balancing modes
 * split among the members up by weight (the shares add up to 100, the remainder of rounding to
 * the largest fractions); broadcast sends everything on every member up.
 */
export function bondShares(mode: BondMode, members: readonly BondMember[]): number[] {
  const up = members.map((m) => m.up);
  if (mode === 'broadcast') return up.map((u) => (u ? 100 : 0));
  if (mode === 'active-backup') {
    const first = up.indexOf(true);
    return up.map((_, i) => (i === first ? 100 : 0));
  }
  const total = members.reduce((sum, m) => sum + (m.up ? m.weight : 0), 0);
  if (total === 0) return members.map(() => 0);
  const exact = members.map((m) => (m.up ? (100 * m.weight) / total : 0));
  const shares = exact.map(Math.floor);
  let left = 100 - shares.reduce((a, b) => a + b, 0);
  const byFraction = exact.map((x, i) => ({ i, f: x - Math.floor(x) })).sort((a, b) => b.f - a.f || a.i - b.i);
  for (const { i } of byFraction) {
    if (left === 0) break;
    if (!members[i]!.up) continue;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
