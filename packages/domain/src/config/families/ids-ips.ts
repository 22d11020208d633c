import { z } from 'zod';
import { isIPv4 } from '../../validators/ipv4';
import { documented, PATTERNS, statingRules } from '../../validators/documented';
import { isNetworkCidr, overlaps, subnetOfCidr } from '../subnets';
import { ifnameField, networkField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';
import { IDS_CATEGORY_KEYS, type IdsCategory } from './ids-ips-catalogue';

/**
 * IDS/IPS (`sdwan/device/configure/ids-ips`): the gateway's Suricata-style engine inspects the
 * traffic of chosen interfaces. Detect only reports what the rules match; prevent also drops what
 * a category set to drop matches. Home networks are what the rules call $HOME_NET (inside);
 * exceptions silence one signature for one address or network.
 */
export const IDS_MODES = ['off', 'detect', 'prevent'] as const;
export type IdsMode = (typeof IDS_MODES)[number];
/** What a category's rules do: report, drop (in prevent mode; in detect mode a drop is reported), or nothing. */
export const IDS_ACTIONS = ['alert', 'drop', 'disable'] as const;
export type IdsAction = (typeof IDS_ACTIONS)[number];

const ADDRESS_OR_NETWORK = "An address 'x.x.x.x' or a network 'x.x.x.x/y'";
export const addressOrNetworkField = () =>
  statingRules(
    documented(
      z.string().refine((v) => isIPv4(v) || isNetworkCidr(v), ADDRESS_OR_NETWORK),
      { pattern: PATTERNS.addressOrNetwork },
    ),
    [ADDRESS_OR_NETWORK],
  );

/** Every category of the shipped rule set, alerting unless set otherwise. */
export const DEFAULT_CATEGORY_ACTIONS = Object.fromEntries(IDS_CATEGORY_KEYS.map((k) => [k, 'alert'])) as Record<IdsCategory, IdsAction>;
const actionField = () => z.enum(IDS_ACTIONS).default('alert');
export const idsCategoriesSchema = z.strictObject(
  Object.fromEntries(IDS_CATEGORY_KEYS.map((k) => [k, actionField()])) as Record<IdsCategory, ReturnType<typeof actionField>>,
);

/** Suricata's signature ids are 32-bit and 0 is none. */
export const MAX_SID = 4294967295;
export const idsExceptionSchema = z.strictObject({
  sid: z.number().int('A whole number').min(1, `Signature id 1 to ${MAX_SID}`).max(MAX_SID, `Signature id 1 to ${MAX_SID}`),
  /** The source or destination the signature stays silent for. */
  address: addressOrNetworkField(),
  comment: z.string().max(128).optional(),
});
export type IdsException = z.infer<typeof idsExceptionSchema>;

export const idsIpsSectionSchema = z
  .strictObject({
    mode: z.enum(IDS_MODES).default('off'),
    /** Interfaces of the document (document-rules.ts) whose traffic is inspected. */
    interfaces: z.array(ifnameField()).max(24).default([]),
    /** $HOME_NET; none: the device's LAN subnets. */
    home_networks: z.array(networkField()).max(32).default([]),
    categories: idsCategoriesSchema.default(DEFAULT_CATEGORY_ACTIONS),
    exceptions: z.array(idsExceptionSchema).max(256).default([]),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.interfaces,
      (i) => i,
      (i) => ['interfaces', i],
      'Interface already listed',
    );
    checkHomeNetworks(section.home_networks, ctx);
    flagRepeats(
      ctx,
      section.exceptions,
      (e) => `${e.sid} ${e.address}`,
      (i) => ['exceptions', i, 'address'],
      'Exception already listed for this signature',
    );
    if (section.mode !== 'off' && section.interfaces.length === 0) addFieldIssue(ctx, ['interfaces'], 'Pick at least one interface to inspect');
  });
export type IdsIpsSection = z.infer<typeof idsIpsSectionSchema>;

/** A home network inside or across an earlier one is flagged at the later one: the form marks the one just added. */
function checkHomeNetworks(networks: readonly string[], ctx: z.RefinementCtx) {
  const valid = networks.map((n) => (isNetworkCidr(n) ? subnetOfCidr(n) : null));
  valid.forEach((subnet, j) => {
    if (!subnet) return;
    const earlier = valid.findIndex((other, i) => i < j && other !== null && overlaps(other, subnet));
    if (earlier < 0) return;
    if (networks[earlier] === networks[j]) addFieldIssue(ctx, ['home_networks', j], 'Network already listed');
    else addFieldIssue(ctx, ['home_networks', j], `Overlaps ${networks[earlier]}`);
  });
}
