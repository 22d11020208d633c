import { z } from 'zod';
import { ifnameField, ipOrFqdnField, nameField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';

/**
 * Link Bonding (`sdwan/device/configure/link-bonding`: vpn-bonding, internet-bonding): WAN links
 * joined into one. A VPN bond carries a tunnel to one peer over all its members; an internet bond
 * carries the site's own internet traffic.
 */
export const BOND_MODES = ['active-backup', 'balance-packet', 'balance-flow', 'broadcast'] as const;
export type BondMode = (typeof BOND_MODES)[number];

/** How a member is judged up: a target pinged through it, `failures` misses in a row take it out. */
export const bondProbeSchema = z.strictObject({
  target: ipOrFqdnField(),
  interval_s: z.number().int().min(1).max(60).default(5),
  failures: z.number().int().min(1).max(10).default(3),
});

const bondShape = {
  id: z.string().uuid(),
  name: nameField(),
  /** WAN interfaces of the document (document-rules.ts); a bond of one link is no bond. */
  members: z.array(ifnameField()).min(2, 'A bond has at least two members').max(8),
  mode: z.enum(BOND_MODES).default('balance-flow'),
  probe: bondProbeSchema,
  enabled: z.boolean().default(true),
};
const membersOnce = (bond: { members: string[] }, ctx: z.RefinementCtx) =>
  flagRepeats(
    ctx,
    bond.members,
    (m) => m,
    (i) => ['members', i],
    'Interface already listed',
  );

export const internetBondSchema = z.strictObject(bondShape).superRefine(membersOnce);
/** The VPN peer is an IPsec tunnel of the document or an Auto VPN gateway, by name (document-rules.ts). */
export const vpnBondSchema = z.strictObject({ ...bondShape, peer: nameField() }).superRefine(membersOnce);
export type InternetBond = z.infer<typeof internetBondSchema>;
export type VpnBond = z.infer<typeof vpnBondSchema>;

export const linkBondingSectionSchema = z
  .strictObject({
    vpn: z.array(vpnBondSchema).max(16).default([]),
    internet: z.array(internetBondSchema).max(16).default([]),
  })
  .superRefine((section, ctx) => {
    const bonds = [...section.vpn.map((b, i) => ({ b, at: ['vpn', i] })), ...section.internet.map((b, i) => ({ b, at: ['internet', i] }))];
    flagRepeats(
      ctx,
      bonds,
      (x) => x.b.name,
      (k) => [...bonds[k]!.at, 'name'],
      'Bond name already used',
    );
    // A link is in one bond at most: two bonds steering one link would fight over it.
    const owner = new Map<string, string>();
    for (const { b, at } of bonds) {
      b.members.forEach((m, k) => {
        const first = owner.get(m);
        if (first !== undefined && first !== b.name) addFieldIssue(ctx, [...at, 'members', k], `Already in bond ${first}`);
        else owner.set(m, b.name);
      });
    }
  });
export type LinkBondingSection = z.infer<typeof linkBondingSectionSchema>;
