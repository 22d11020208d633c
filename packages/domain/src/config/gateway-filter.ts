import { evaluateWebRequest, compiledWebFilter, type WebDecision } from '../webfilter/evaluate';
import type { WebFilterPolicy } from '../webfilter/policy';
import type { WebFilterSection } from '../webfilter/section';
import { isIPv4 } from '../validators/ipv4';
import { deviceNets } from './document-rules';
import type { ContentFilterAction, ContentFilterSection } from './families/content-filter';
import type { InterfacesSection } from './families/interfaces';
import { exemptClientSubnet, type UrlFilterSection } from './families/url-filter';
import { contains } from './subnets';

/** The sections a gateway's own URL filter is made of. */
export interface GatewayFilterParts {
  interfaces?: InterfacesSection;
  content_filter?: ContentFilterSection;
  url_filter?: UrlFilterSection;
}

const NO_CONTENT: ContentFilterSection = { categories: [], blocked_urls: [], allowed_urls: [] };
const EVERYONE = { everyone: true, users: [], groups: [], endpoints: [], device_groups: [] };
// Fixed ids: the policies are the gateway's own, never stored; a decision names them by these.
const CATEGORY_POLICY_ID = 'c0f1e7a0-0000-4000-8000-00000000c001';
const MONITOR_POLICY_ID = 'c0f1e7a0-0000-4000-8000-00000000c002';

const policy = (id: string, order: number, name: string, action: WebFilterPolicy['action'], blocked: string[], allowed: string[]): WebFilterPolicy => ({
  id,
  order,
  name,
  description: '',
  enabled: true,
  action,
  applies_to: EVERYONE,
  blocked_categories: blocked,
  allowed_categories: allowed,
  blocked_applications: [],
  allowed_urls: [],
  blocked_urls: [],
  allowed_ips: [],
  blocked_ips: [],
  schedule: null,
});

const categoriesWith = (content: ContentFilterSection, action: ContentFilterAction) =>
  content.categories.filter((c) => c.action === action).map((c) => c.category);

/**
 * Content Filtering as the web filter's own section, so that one evaluator (evaluate.ts) decides
 * both: the URLs are the section's own lists (allowed read first, so an allowed URL beats every
 * category), then one policy blocks the blocked categories and lets the allowed ones through,
 * then one logs the monitored ones; anything else is allowed. Whether it runs at all is URL
 * Filtering's to say (gatewayFilters).
 */
function gatewayWebFilterSection(content: ContentFilterSection): WebFilterSection {
  return {
    enabled: true,
    default_action: 'allow',
    allowed_urls: content.allowed_urls,
    blocked_urls: content.blocked_urls,
    site_categories: {},
    policies: [
      policy(CATEGORY_POLICY_ID, 1, 'Content Filtering categories', 'block', categoriesWith(content, 'block'), categoriesWith(content, 'allow')),
      policy(MONITOR_POLICY_ID, 2, 'Content Filtering monitored categories', 'log', categoriesWith(content, 'monitor'), []),
    ],
    user_groups: {},
  };
}

// Made once per running content section (compiledWebFilter then compiles it once): a gateway decides every visit with it.
const sections = new WeakMap<ContentFilterSection, WebFilterSection>();
function sectionOf(content: ContentFilterSection): WebFilterSection {
  let made = sections.get(content);
  if (!made) {
    made = gatewayWebFilterSection(content);
    sections.set(content, made);
  }
  return made;
}

/** A visit of a LAN client, as the gateway sees it. */
export interface LanVisit {
  client: string;
  host: string;
  path?: string;
  at: Date;
}

/**
 * Whether the gateway's own filter looks at a client's visits: URL Filtering is on, the client is
 * on one of its LAN interfaces or VLANs, and in none of its exempt addresses and subnets.
 */
export function gatewayFilters(doc: GatewayFilterParts, client: string): boolean {
  const run = doc.url_filter;
  if (!run?.enabled || !isIPv4(client)) return false;
  const named = new Set(run.interfaces);
  const onFilteredLan = deviceNets(doc.interfaces).lan.some((n) => named.has(n.ifname) && contains(n.subnet, client));
  return onFilteredLan && !run.exempt_clients.some((e) => contains(exemptClientSubnet(e), client));
}

/**
 * What the gateway's own filter decides of a LAN visit (blocked, allowed, logged), by the web
 * filter's evaluator; null when the filter does not look at the visit (gatewayFilters).
 */
export function gatewayFilterDecision(doc: GatewayFilterParts, visit: LanVisit): WebDecision | null {
  if (!gatewayFilters(doc, visit.client)) return null;
  const section = compiledWebFilter(sectionOf(doc.content_filter ?? NO_CONTENT));
  return evaluateWebRequest(section, { url: visit.host, host: visit.host, path: visit.path ?? '/', at: visit.at });
}
