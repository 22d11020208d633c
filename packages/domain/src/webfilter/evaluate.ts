import { isIPv4, ipv4ToNumber } from '../validators/ipv4';
import { categoryName, categoryOfHost } from './categorise';
import { ALL_CATEGORIES, type WebFilterPolicy } from './policy';
import { scheduleActive } from './schedule';
import type { WebFilterSection } from './section';
import { ipRuleRange, parseUrlPattern, pathMatches, requestUrlOf } from './url-patterns';
import { applicationIdOfHost, webApplicationName } from './web-applications';

/** What a device (or the console's Test-a-URL tool) asks about one request. */
export interface WebRequest {
  /** A URL or a bare host (or an IPv4 address). */
  url: string;
  /**
   * The URL's host (lower-case, no trailing dot) and path, when the device has them apart already
   * (the SNI or Host header and the request line): the URL is then not parsed again.
   */
  host?: string;
  path?: string;
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

/** Lists of ascending indices of enabled policies, by a key of the requester or of the request. */
type PolicyIndex = Map<string, number[]>;

/**
 * Which enabled policies a request can meet, so that it gathers its few instead of asking every
 * policy: those that apply to the requester (by everyone, user, group, endpoint, device group),
 * and those with a rule that can match it (by category, application, address rules; custom URLs
 * come from the URL index). Only policies in both are read rule by rule.
 */
interface Candidates {
  everyone: number[];
  users: PolicyIndex;
  groups: PolicyIndex;
  endpoints: PolicyIndex;
  deviceGroups: PolicyIndex;
  categories: PolicyIndex;
  allCategories: number[];
  applications: PolicyIndex;
  withIpRules: number[];
  /** 1 for each policy in `everyone`: those apply to every request without being marked. */
  forEveryone: Uint8Array;
  /** Scratch of one evaluation: `applies[i] === mark` when policy i applies to the requester, `matches[i] === mark` when a rule of it may match. */
  applies: Uint32Array;
  matches: Uint32Array;
  mark: number;
  found: number[];
}

export interface CompiledWebFilter {
  section: WebFilterSection;
  policies: CompiledPolicy[];
  /** Pattern host → the patterns on it, from every list: a request looks up its host and its parents only. */
  urls: Map<string, UrlEntry[]>;
  candidates: Candidates;
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

function addTo(index: PolicyIndex, keys: Iterable<string>, policy: number): void {
  for (const key of keys) {
    const list = index.get(key);
    if (!list) index.set(key, [policy]);
    // Policies are added in order, so a key named twice by one policy is its list's last entry.
    else if (list[list.length - 1] !== policy) list.push(policy);
  }
}

function candidatesOf(policies: readonly WebFilterPolicy[]): Candidates {
  const c: Candidates = {
    everyone: [],
    users: new Map(),
    groups: new Map(),
    endpoints: new Map(),
    deviceGroups: new Map(),
    categories: new Map(),
    allCategories: [],
    applications: new Map(),
    withIpRules: [],
    forEveryone: new Uint8Array(policies.length),
    applies: new Uint32Array(policies.length),
    matches: new Uint32Array(policies.length),
    mark: 0,
    found: [],
  };
  policies.forEach((policy, i) => {
    // A disabled policy never decides, so no request needs to meet it.
    if (!policy.enabled) return;
    const a = policy.applies_to;
    if (a.everyone) {
      c.everyone.push(i);
      c.forEveryone[i] = 1;
    } else {
      addTo(
        c.users,
        a.users.map((u) => u.toLowerCase()),
        i,
      );
      addTo(c.groups, a.groups, i);
      addTo(c.endpoints, a.endpoints, i);
      addTo(c.deviceGroups, a.device_groups, i);
    }
    const categories = [...policy.blocked_categories, ...policy.allowed_categories];
    if (categories.includes(ALL_CATEGORIES)) c.allCategories.push(i);
    else addTo(c.categories, categories, i);
    addTo(c.applications, policy.blocked_applications, i);
    if (policy.allowed_ips.length + policy.blocked_ips.length > 0) c.withIpRules.push(i);
  });
  return c;
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
    candidates: candidatesOf(section.policies),
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

type UrlHits = Map<number, { allowed?: string; blocked?: string }>;
const NO_ENTRIES: readonly UrlEntry[] = [];
const NO_GROUPS: readonly string[] = [];

/** Every custom URL pattern on the host or a parent that matches the path: per list (policy index, -1 the tenant's own), the first allowed and blocked one. */
function urlHits(c: CompiledWebFilter, host: string, path: string): UrlHits | null {
  if (c.urls.size === 0) return null;
  let hits: UrlHits | null = null;
  // The host, then each parent domain ('a.b.c' → a.b.c, b.c, c: hostSuffixes' order) without making the list.
  for (let from = 0; from >= 0;) {
    const suffix = from === 0 ? host : host.slice(from);
    for (const e of c.urls.get(suffix) ?? NO_ENTRIES) {
      if (e.subdomainsOnly && from === 0) continue;
      if (!pathMatches(e.path, path)) continue;
      hits ??= new Map();
      let h = hits.get(e.policy);
      if (!h) hits.set(e.policy, (h = {}));
      if (e.allowed) h.allowed ??= e.text;
      else h.blocked ??= e.text;
    }
    const dot = host.indexOf('.', from);
    from = dot < 0 ? -1 : dot + 1;
  }
  return hits;
}

/** Marks each policy of a list with the evaluation's mark. */
function markAll(marks: Uint32Array, mark: number, list: readonly number[] | undefined): void {
  if (list) for (let k = 0; k < list.length; k++) marks[list[k]!] = mark;
}

/** Adds the policies of a list that apply to the requester to `found`, each once. */
function addApplicable(c: Candidates, mark: number, list: readonly number[] | undefined): void {
  if (!list) return;
  for (let k = 0; k < list.length; k++) {
    const i = list[k]!;
    if ((c.forEveryone[i] === 0 && c.applies[i] !== mark) || c.matches[i] === mark) continue;
    c.matches[i] = mark;
    c.found.push(i);
  }
}

const ascending = (x: number, y: number) => x - y;

/**
 * The policies a request can meet, in order: those with a rule that may match it and that apply
 * to the requester (the caller reads their rules). Most requests match no policy's rule, so that
 * side is gathered first; then the requester's policies are marked in a scratch array and the
 * gathered lists read against it, so the work is that of the lists, not of every policy. The
 * answer is a scratch list too, valid until the next call (evaluation is synchronous).
 */
function candidatePolicies(
  c: Candidates,
  req: WebRequest,
  user: string | null,
  groups: readonly string[],
  facts: RequestFacts,
  hits: UrlHits | null,
  ip: number | null,
): readonly number[] {
  c.found.length = 0;
  const byCategory = c.categories.get(facts.category);
  const byApplication = facts.application === null ? undefined : c.applications.get(facts.application);
  const byIp = ip === null ? undefined : c.withIpRules;
  const byUrl = hits ? [...hits.keys()].filter((i) => i >= 0) : undefined;
  if (!byCategory && c.allCategories.length === 0 && !byApplication && !byIp && !byUrl) return c.found;

  if (c.mark === 0xffffffff) {
    c.applies.fill(0);
    c.matches.fill(0);
    c.mark = 0;
  }
  const mark = ++c.mark;
  if (user) markAll(c.applies, mark, c.users.get(user));
  for (const g of groups) markAll(c.applies, mark, c.groups.get(g));
  if (req.deviceId) markAll(c.applies, mark, c.endpoints.get(req.deviceId));
  if (req.deviceGroupId) markAll(c.applies, mark, c.deviceGroups.get(req.deviceGroupId));
  addApplicable(c, mark, byCategory);
  addApplicable(c, mark, c.allCategories);
  addApplicable(c, mark, byApplication);
  addApplicable(c, mark, byIp);
  addApplicable(c, mark, byUrl);
  if (c.found.length > 1) c.found.sort(ascending);
  return c.found;
}

interface RequestFacts {
  host: string;
  path: string;
  domain: string;
  category: string;
  application: string | null;
}

function decision(
  facts: RequestFacts,
  action: UrlAction,
  rule: WebFilterRule,
  policy: WebFilterPolicy | null,
  matched: string | null,
  reason: string,
): WebDecision {
  const { host, path, domain, category, application } = facts;
  return { action, rule, policy: policy ? { id: policy.id, name: policy.name } : null, matched, reason, host, path, domain, category, application };
}

/** What a policy decides about a request, or null when none of its rules matches (read in the documented order). */
function policyDecision(p: CompiledPolicy, facts: RequestFacts, hits: UrlHits | null, index: number, ip: number | null, ipText: string | null, at: Date) {
  const h = hits?.get(index);
  const allowedIp = h?.allowed ? undefined : inRanges(p.allowedIps, ip);
  const blockedIp = h?.allowed || allowedIp || h?.blocked ? undefined : inRanges(p.blockedIps, ip);
  const { category, application } = facts;
  const app = application !== null && p.applications.has(application) ? application : null;
  const categoryAllowed = p.allowsAllCategories || p.allowedCategories.has(category);
  const categoryBlocked = p.blocksAllCategories || p.blockedCategories.has(category);
  if (!h?.allowed && !allowedIp && !h?.blocked && !blockedIp && !app && !categoryAllowed && !categoryBlocked) return null;
  const { policy, verdict, by } = p;
  // The schedule is read last: its clock is dearer than the rules, and it only matters when a rule matches.
  if (policy.schedule && !scheduleActive(policy.schedule, at)) return null;
  if (h?.allowed) return decision(facts, 'allowed', 'custom-allow', policy, h.allowed, `Allowed ${by}: ${h.allowed} is on its allowed URLs`);
  if (allowedIp) return decision(facts, 'allowed', 'ip-allow', policy, allowedIp.text, `Allowed ${by}: ${ipText} is in ${allowedIp.text}`);
  if (h?.blocked) return decision(facts, verdict, 'custom-block', policy, h.blocked, `${VERB[verdict]} ${by}: ${h.blocked} is on its blocked URLs`);
  if (blockedIp) return decision(facts, verdict, 'ip-block', policy, blockedIp.text, `${VERB[verdict]} ${by}: ${ipText} is in ${blockedIp.text}`);
  if (app) return decision(facts, verdict, 'application', policy, app, `${VERB[verdict]} ${by}: application ${webApplicationName(app)}`);
  if (categoryAllowed) return decision(facts, 'allowed', 'category-allow', policy, category, `Allowed ${by}: category ${categoryName(category)} is allowed`);
  return decision(facts, verdict, 'category-block', policy, category, `${VERB[verdict]} ${by}: category ${categoryName(category)}`);
}

function inRanges(list: readonly IpRange[], ip: number | null): IpRange | undefined {
  if (ip === null) return undefined;
  for (const r of list) if (ip >= r.from && ip <= r.to) return r;
  return undefined;
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
/**
 * What the shipped lists say of a host: its registrable domain, category and application. Hosts
 * repeat (a page's requests, a user's habits), so the answers of the last HOST_CACHE_MAX hosts are
 * kept; the lists never change while the process runs, so a kept answer is never stale.
 */
const HOST_CACHE_MAX = 20_000;
const hostCache = new Map<string, { domain: string | null; category: string; application: string | null }>();
function factsOfHost(host: string) {
  let facts = hostCache.get(host);
  if (!facts) {
    if (hostCache.size >= HOST_CACHE_MAX) hostCache.clear();
    // One look at the public suffix list gives both the registrable domain and the shipped category.
    const shipped = categoryOfHost(host);
    facts = { domain: shipped.domain, category: shipped.category, application: applicationIdOfHost(host) };
    hostCache.set(host, facts);
  }
  return facts;
}

export function evaluateWebRequest(filter: CompiledWebFilter | WebFilterSection, req: WebRequest): WebDecision {
  const c = 'policies' in filter && 'urls' in filter ? (filter as CompiledWebFilter) : compiledWebFilter(filter as WebFilterSection);
  const { host, path } =
    req.host !== undefined ? { host: req.host, path: req.path ?? '/' } : (requestUrlOf(req.url) ?? { host: req.url.trim().toLowerCase(), path: '/' });
  // A domain name never ends in a digit (its top level is letters), so most hosts skip the address check.
  const last = host.charCodeAt(host.length - 1);
  const hostIsIp = last >= 48 && last <= 57 && isIPv4(host);
  const ipText = hostIsIp ? host : req.ip && isIPv4(req.ip) ? req.ip : null;
  const ip = ipText ? ipv4ToNumber(ipText) : null;
  const shipped = hostIsIp ? null : factsOfHost(host);
  const domain = shipped?.domain ?? host;
  const facts: RequestFacts = {
    host,
    path,
    domain,
    category: shipped ? (c.siteCategories.get(domain) ?? shipped.category) : 'uncategorised',
    application: shipped?.application ?? null,
  };

  if (!c.section.enabled) return decision(facts, 'allowed', 'filter-off', null, null, 'Allowed: the web filter is off');

  const hits = urlHits(c, host, path);
  const own = hits?.get(-1);
  if (own?.allowed) return decision(facts, 'allowed', 'custom-allow', null, own.allowed, `Allowed: ${own.allowed} is on the organisation's allowed list`);
  if (own?.blocked) return decision(facts, 'blocked', 'custom-block', null, own.blocked, `Blocked: ${own.blocked} is on the organisation's blocked list`);

  const user = req.user ? req.user.toLowerCase() : null;
  const groups = req.groups ?? (user ? (c.userGroups.get(user) ?? NO_GROUPS) : NO_GROUPS);
  for (const i of candidatePolicies(c.candidates, req, user, groups, facts, hits, ip)) {
    const d = policyDecision(c.policies[i]!, facts, hits, i, ip, ipText, req.at);
    if (d) return d;
  }
  const blocked = c.section.default_action === 'block';
  return decision(facts, blocked ? 'blocked' : 'allowed', 'default', null, null, `${blocked ? 'Blocked' : 'Allowed'} by the default action: no policy matched`);
}
