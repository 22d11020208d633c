import { isIPv4, ipv4ToNumber } from '../validators/ipv4';
import { categoryName, categoryOfHost } from './categorise';
import { ALL_CATEGORIES, type WebFilterPolicy } from './policy';
import { scheduleActive } from './schedule';
import type { WebFilterSection } from './section';
import { hostSuffixes, ipRuleRange, parseUrlPattern, pathMatches, requestUrlOf } from './url-patterns';
import { applicationIdOfHost, webApplicationName } from './web-applications';

/** What a device (or the console's Test-a-URL tool) asks about one request. */
export interface WebRequest {
  /** A URL or a bare host (or an IPv4 address). */
  url: string;
  /** The signed-in user's e-mail, when known. */
  user?: string | null;
  /** The user's group ids; when left out, the section's user_groups are used. */
  groups?: readonly string[];
  deviceId?: string | null;
  deviceGroupId?: string | null;
  /** The server's address when the device resolved it (an IP rule can match it). */
  ip?: string | null;
  at: Date;
}

export const WEBFILTER_RULES = [
  'filter-off',
  'custom-allow',
  'custom-block',
  'ip-allow',
  'ip-block',
  'application',
  'category-allow',
  'category-block',
  'default',
] as const;
export type WebFilterRule = (typeof WEBFILTER_RULES)[number];

/** What happened to a request: 'logged' went through and is marked (a log-only policy). */
export const URL_ACTIONS = ['allowed', 'blocked', 'logged'] as const;
export type UrlAction = (typeof URL_ACTIONS)[number];

export interface WebDecision {
  action: UrlAction;
  rule: WebFilterRule;
  policy: { id: string; name: string } | null;
  /** The pattern, category, application or address rule that matched; null for the default and filter off. */
  matched: string | null;
  /** One sentence for the logs and the Test-a-URL tool. */
  reason: string;
  host: string;
  path: string;
  /** Registrable domain (the host itself for an address or an unknown suffix). */
  domain: string;
  category: string;
  application: string | null;
}

interface UrlEntry {
  /** Index of the policy, -1 for the tenant's own lists. */
  policy: number;
  allowed: boolean;
  subdomainsOnly: boolean;
  path: string;
  text: string;
}

interface IpRange {
  from: number;
  to: number;
  text: string;
}

interface CompiledPolicy {
  policy: WebFilterPolicy;
  verdict: UrlAction;
  /** `by policy 'name'`, the middle of each of its reasons. */
  by: string;
  allowsAllCategories: boolean;
  blocksAllCategories: boolean;
  blockedCategories: Set<string>;
  allowedCategories: Set<string>;
  applications: Set<string>;
  allowedIps: IpRange[];
  blockedIps: IpRange[];
}

/** Which enabled policies apply to whom, as ascending policy indices: a request gathers its few instead of asking every policy. */
interface AudienceIndex {
  everyone: number[];
  users: Map<string, number[]>;
  groups: Map<string, number[]>;
  endpoints: Map<string, number[]>;
  deviceGroups: Map<string, number[]>;
  /** Scratch for merging a requester's lists: `marks[i] === mark` when policy i applies to the current request. */
  marks: Uint32Array;
  mark: number;
  merged: number[];
}

export interface CompiledWebFilter {
  section: WebFilterSection;
  policies: CompiledPolicy[];
  /** Pattern host → the patterns on it, from every list: a request looks up its host and its parents only. */
  urls: Map<string, UrlEntry[]>;
  audience: AudienceIndex;
  userGroups: Map<string, readonly string[]>;
  siteCategories: Map<string, string>;
}

function indexUrl(urls: Map<string, UrlEntry[]>, text: string, policy: number, allowed: boolean): void {
  const p = parseUrlPattern(text);
  if (!p) return;
  const entry = { policy, allowed, subdomainsOnly: p.subdomainsOnly, path: p.path, text };
  const list = urls.get(p.host);
  if (list) list.push(entry);
  else urls.set(p.host, [entry]);
}

function ranges(rules: readonly string[]): IpRange[] {
  return rules.flatMap((text) => {
    const range = ipRuleRange(text);
    return range ? [{ from: range[0], to: range[1], text }] : [];
  });
}

function addTo(index: Map<string, number[]>, key: string, policy: number): void {
  const list = index.get(key);
  // A policy may name a key twice only through case (users); it is listed once.
  if (!list) index.set(key, [policy]);
  else if (list[list.length - 1] !== policy) list.push(policy);
}

function audienceOf(policies: readonly WebFilterPolicy[]): AudienceIndex {
  const audience: AudienceIndex = {
    everyone: [],
    users: new Map(),
    groups: new Map(),
    endpoints: new Map(),
    deviceGroups: new Map(),
    marks: new Uint32Array(policies.length),
    mark: 0,
    merged: [],
  };
  policies.forEach((policy, i) => {
    // A disabled policy never decides, so no request needs to meet it.
    if (!policy.enabled) return;
    const a = policy.applies_to;
    if (a.everyone) return void audience.everyone.push(i);
    for (const u of a.users) addTo(audience.users, u.toLowerCase(), i);
    for (const g of a.groups) addTo(audience.groups, g, i);
    for (const e of a.endpoints) addTo(audience.endpoints, e, i);
    for (const d of a.device_groups) addTo(audience.deviceGroups, d, i);
  });
  return audience;
}

const VERDICT = { block: 'blocked', allow: 'allowed', log: 'logged' } as const;
const VERB = { blocked: 'Blocked', allowed: 'Allowed', logged: 'Allowed and logged' } as const;

/** Indexes a section once (a device does it per configuration); evaluation is then lookups. */
export function compileWebFilter(section: WebFilterSection): CompiledWebFilter {
  const urls = new Map<string, UrlEntry[]>();
  section.allowed_urls.forEach((u) => indexUrl(urls, u, -1, true));
  section.blocked_urls.forEach((u) => indexUrl(urls, u, -1, false));
  const policies = section.policies.map((policy, i): CompiledPolicy => {
    policy.allowed_urls.forEach((u) => indexUrl(urls, u, i, true));
    policy.blocked_urls.forEach((u) => indexUrl(urls, u, i, false));
    return {
      policy,
      verdict: VERDICT[policy.action],
      by: `by policy '${policy.name}'`,
      allowsAllCategories: policy.allowed_categories.includes(ALL_CATEGORIES),
      blocksAllCategories: policy.blocked_categories.includes(ALL_CATEGORIES),
      blockedCategories: new Set(policy.blocked_categories),
      allowedCategories: new Set(policy.allowed_categories),
      applications: new Set(policy.blocked_applications),
      allowedIps: ranges(policy.allowed_ips),
      blockedIps: ranges(policy.blocked_ips),
    };
  });
  return {
    section,
    policies,
    urls,
    audience: audienceOf(section.policies),
    userGroups: new Map(Object.entries(section.user_groups).map(([u, g]) => [u.toLowerCase(), g])),
    siteCategories: new Map(Object.entries(section.site_categories)),
  };
}

const compiled = new WeakMap<WebFilterSection, CompiledWebFilter>();

/** The compiled form of a section, made once per section object. */
export function compiledWebFilter(section: WebFilterSection): CompiledWebFilter {
  let c = compiled.get(section);
  if (!c) compiled.set(section, (c = compileWebFilter(section)));
  return c;
}

/**
 * The enabled policies that apply to the requester, in order, each once (a policy may be met
 * through several keys: a group and the user). The answer is valid until the next call: the
 * requester's lists are merged by marking their policies in a scratch array, then reading it in
 * order, which costs a pass over the policies and no allocation or sort.
 */
function applicablePolicies(a: AudienceIndex, user: string | null, groups: readonly string[], req: WebRequest): readonly number[] {
  const byUser = user ? a.users.get(user) : undefined;
  const byEndpoint = req.deviceId ? a.endpoints.get(req.deviceId) : undefined;
  const byDeviceGroup = req.deviceGroupId ? a.deviceGroups.get(req.deviceGroupId) : undefined;
  if (!byUser && !byEndpoint && !byDeviceGroup && groups.length === 0) return a.everyone;
  if (a.mark === 0xffffffff) a.marks.fill((a.mark = 0));
  const mark = ++a.mark;
  let first = a.marks.length;
  let last = -1;
  const markAll = (list: readonly number[] | undefined) => {
    if (!list || list.length === 0) return;
    for (const i of list) a.marks[i] = mark;
    first = Math.min(first, list[0]!);
    last = Math.max(last, list[list.length - 1]!);
  };
  markAll(a.everyone);
  markAll(byUser);
  for (const g of groups) markAll(a.groups.get(g));
  markAll(byEndpoint);
  markAll(byDeviceGroup);
  const merged = a.merged;
  merged.length = 0;
  for (let i = first; i <= last; i++) if (a.marks[i] === mark) merged.push(i);
  return merged;
}

function inRanges(list: readonly IpRange[], ip: number | null): IpRange | undefined {
  if (ip === null) return undefined;
  for (const r of list) if (ip >= r.from && ip <= r.to) return r;
  return undefined;
}

/** Every custom URL pattern on the host or a parent that matches the path: per list (policy index, -1 the tenant's own), the first allowed and blocked one. */
function urlHits(c: CompiledWebFilter, host: string, path: string): Map<number, { allowed?: string; blocked?: string }> | null {
  if (c.urls.size === 0) return null;
  let hits: Map<number, { allowed?: string; blocked?: string }> | null = null;
  for (const suffix of hostSuffixes(host)) {
    const entries = c.urls.get(suffix);
    if (!entries) continue;
    for (const e of entries) {
      if (e.subdomainsOnly && suffix === host) continue;
      if (!pathMatches(e.path, path)) continue;
      hits ??= new Map();
      let h = hits.get(e.policy);
      if (!h) hits.set(e.policy, (h = {}));
      if (e.allowed) h.allowed ??= e.text;
      else h.blocked ??= e.text;
    }
  }
  return hits;
}

/**
 * The one decision of the web filter, used by the devices to enforce and by the console's
 * Test-a-URL tool. In order: the filter off lets everything through; the tenant's own allowed
 * then blocked URLs; then the enabled policies top down, a policy deciding only when it applies
 * to the requester (user, group, endpoint or device group), its schedule holds, and one of its
 * rules matches: allowed URLs, allowed addresses, blocked URLs, blocked addresses, blocked
 * applications, allowed categories, blocked categories (so an allow-listed URL beats its
 * category); the first policy that decides wins; otherwise the default action.
 */
export function evaluateWebRequest(filter: CompiledWebFilter | WebFilterSection, req: WebRequest): WebDecision {
  const c = 'policies' in filter && 'urls' in filter ? (filter as CompiledWebFilter) : compiledWebFilter(filter as WebFilterSection);
  const url = requestUrlOf(req.url) ?? { host: req.url.trim().toLowerCase(), path: '/' };
  const { host, path } = url;
  const hostIsIp = isIPv4(host);
  const ipText = hostIsIp ? host : req.ip && isIPv4(req.ip) ? req.ip : null;
  const ip = ipText ? ipv4ToNumber(ipText) : null;
  // One look at the public suffix list gives both the registrable domain and the shipped category.
  const shipped = hostIsIp ? null : categoryOfHost(host);
  const domain = shipped?.domain ?? host;
  const category = shipped ? (c.siteCategories.get(domain) ?? shipped.category) : 'uncategorised';
  const application = hostIsIp ? null : applicationIdOfHost(host);
  const decide = (action: UrlAction, rule: WebFilterRule, policy: WebFilterPolicy | null, matched: string | null, reason: string): WebDecision => ({
    action,
    rule,
    policy: policy ? { id: policy.id, name: policy.name } : null,
    matched,
    reason,
    host,
    path,
    domain,
    category,
    application,
  });

  if (!c.section.enabled) return decide('allowed', 'filter-off', null, null, 'Allowed: the web filter is off');

  const hits = urlHits(c, host, path);
  const own = hits?.get(-1);
  if (own?.allowed) return decide('allowed', 'custom-allow', null, own.allowed, `Allowed: ${own.allowed} is on the organisation's allowed list`);
  if (own?.blocked) return decide('blocked', 'custom-block', null, own.blocked, `Blocked: ${own.blocked} is on the organisation's blocked list`);

  const user = req.user ? req.user.toLowerCase() : null;
  const groups = req.groups ?? (user ? (c.userGroups.get(user) ?? []) : []);
  const applicable = applicablePolicies(c.audience, user, groups, req);
  for (const i of applicable) {
    const p = c.policies[i]!;
    // The policy's first matching rule, in the documented order; its schedule is read only then (the rules are cheaper).
    const h = hits?.get(i);
    const allowedIp = h?.allowed ? undefined : inRanges(p.allowedIps, ip);
    const blockedIp = h?.allowed || allowedIp || h?.blocked ? undefined : inRanges(p.blockedIps, ip);
    const app = application !== null && p.applications.has(application) ? application : null;
    const categoryAllowed = p.allowsAllCategories || p.allowedCategories.has(category);
    const categoryBlocked = p.blocksAllCategories || p.blockedCategories.has(category);
    if (!h?.allowed && !allowedIp && !h?.blocked && !blockedIp && !app && !categoryAllowed && !categoryBlocked) continue;
    const { policy, verdict, by } = p;
    if (policy.schedule && !scheduleActive(policy.schedule, req.at)) continue;
    if (h?.allowed) return decide('allowed', 'custom-allow', policy, h.allowed, `Allowed ${by}: ${h.allowed} is on its allowed URLs`);
    if (allowedIp) return decide('allowed', 'ip-allow', policy, allowedIp.text, `Allowed ${by}: ${ipText} is in ${allowedIp.text}`);
    if (h?.blocked) return decide(verdict, 'custom-block', policy, h.blocked, `${VERB[verdict]} ${by}: ${h.blocked} is on its blocked URLs`);
    if (blockedIp) return decide(verdict, 'ip-block', policy, blockedIp.text, `${VERB[verdict]} ${by}: ${ipText} is in ${blockedIp.text}`);
    if (app) return decide(verdict, 'application', policy, app, `${VERB[verdict]} ${by}: application ${webApplicationName(app)}`);
    if (categoryAllowed) return decide('allowed', 'category-allow', policy, category, `Allowed ${by}: category ${categoryName(category)} is allowed`);
    return decide(verdict, 'category-block', policy, category, `${VERB[verdict]} ${by}: category ${categoryName(category)}`);
  }
  const blocked = c.section.default_action === 'block';
  return decide(blocked ? 'blocked' : 'allowed', 'default', null, null, `${blocked ? 'Blocked' : 'Allowed'} by the default action: no policy matched`);
}
