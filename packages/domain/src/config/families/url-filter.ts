import { z } from 'zod';
import { storableText } from '../../validators/storable-text';
import { documented, PATTERNS, statingRules } from '../../validators/documented';
import { isIPv4 } from '../../validators/ipv4';
import { isNetworkCidr, overlaps, subnetOfCidr } from '../subnets';
import { ifnameField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';

/**
 * URL Filtering (`sdwan/device/configure/url-filter`): how the gateway's own filter (Content
 * Filtering's categories and URLs) runs: on which LAN interfaces and VLANs, which clients it leaves
 * alone, SafeSearch, the block page's message, and whether allowed visits are logged. Off, the
 * gateway blocks nothing.
 */
export const BLOCK_PAGE_MESSAGE_MAX = 200;
const EXEMPT_MESSAGE = "An address x.x.x.x or a subnet 'x.x.x.x/y'";

/** An exempt client: one address or a subnet; an address is its own /32. */
export const exemptClientSubnet = (value: string) => subnetOfCidr(value.includes('/') ? value : `${value}/32`);
const isExemptClient = (v: string) => isIPv4(v) || isNetworkCidr(v);
// That a subnet's host bits are clear the pattern cannot say: the rule is stated beside it.
const exemptClient = statingRules(documented(z.string().trim().refine(isExemptClient, EXEMPT_MESSAGE), { pattern: PATTERNS.addressOrNetwork }), [
  EXEMPT_MESSAGE,
]);

export const urlFilterSectionSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    /** LAN interfaces and VLANs of the document (document-rules.ts) whose clients are filtered. */
    interfaces: z.array(ifnameField()).max(64).default([]),
    exempt_clients: z.array(exemptClient).max(256).default([]),
    safesearch: z.boolean().default(false),
    block_page_message: storableText().max(BLOCK_PAGE_MESSAGE_MAX, `At most ${BLOCK_PAGE_MESSAGE_MAX} characters`).default(''),
    log_allowed: z.boolean().default(false),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.interfaces,
      (i) => i,
      (i) => ['interfaces', i],
      'Interface already listed',
    );
    // An exempt range inside another says nothing new, and two that overlap leave a reader to work out which one meant it.
    section.exempt_clients.forEach((client, i) => {
      if (!isExemptClient(client)) return;
      const earlier = section.exempt_clients.slice(0, i).find((c) => isExemptClient(c) && overlaps(exemptClientSubnet(c), exemptClientSubnet(client)));
      if (earlier === client) addFieldIssue(ctx, ['exempt_clients', i], 'Client already listed');
      else if (earlier) addFieldIssue(ctx, ['exempt_clients', i], `Overlaps ${earlier}`);
    });
    if (section.enabled && section.interfaces.length === 0) addFieldIssue(ctx, ['interfaces'], 'Pick at least one LAN interface or VLAN to filter');
  });
export type UrlFilterSection = z.infer<typeof urlFilterSectionSchema>;
