import { bondShares, type ConfigDocument, type StatusSnapshot } from '@netloom/domain';

type Snapshot = Extract<StatusSnapshot, { kind: 'link_bonding' }>;
type Leg = Snapshot['entries'][number];

/**
 * The configured bonds as the box runs them: each enabled bond a leg, its members with whether
 * their line is up and their share of the bond's traffic by its mode. A member whose WAN the box
 * does not have reads as down. Null: no bond is configured, the box reports the legs it was built with.
 */
export function configuredBonding(doc: ConfigDocument | null, linkUp: (ifname: string) => boolean | undefined): Snapshot | null {
  const section = doc?.link_bonding;
  const bonds = [
    ...(section?.vpn ?? []).map((b) => ({ leg: 'vpn' as const, b })),
    ...(section?.internet ?? []).map((b) => ({ leg: 'internet' as const, b })),
  ].filter((x) => x.b.enabled);
  if (bonds.length === 0) return null;
  const weight = new Map((doc?.interfaces?.wan ?? []).map((w) => [w.name, w.weight]));
  const entries = bonds.map(({ leg, b }): Leg => {
    const members = b.members.map((m) => ({ interface: m, up: linkUp(m) ?? false, weight: weight.get(m) ?? 1 }));
    const shares = bondShares(b.mode, members);
    const carrying = members.filter((_, i) => shares[i]! > 0).map((m) => m.interface);
    return {
      leg,
      bond: b.name,
      mode: b.mode,
      status: members.some((m) => m.up) ? 'up' : 'down',
      interfaces: carrying,
      members: members.map((m, i) => ({ interface: m.interface, up: m.up, share_pct: shares[i]! })),
    };
  });
  return { kind: 'link_bonding', entries };
}
