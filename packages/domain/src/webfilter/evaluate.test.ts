import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isIPv4, ipv4ToNumber } from '../validators/ipv4';
import { categoryOfHost, registrableDomain } from './categorise';
import { compileWebFilter, compiledWebFilter, evaluateWebRequest, type WebRequest } from './evaluate';
import { webFilterPolicySchema, type WebFilterPolicy } from './policy';
import { webFilterSectionSchema, type WebFilterSection } from './section';
import { scheduleActive, WEEKDAYS, type WebFilterSchedule } from './schedule';
import { ipRuleRange, parseUrlPattern, requestUrlOf, urlPatternMatches } from './url-patterns';
import { applicationIdOfHost } from './web-applications';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const SALES = uuid(0xa1);
const LAPTOP = uuid(0xb1);
const BRANCH = uuid(0xc1);
// Monday 2024-03-04, noon UTC.
const NOON = new Date('2024-03-04T12:00:00Z');

let policies = 0;
type PolicyFields = Partial<Omit<WebFilterPolicy, 'applies_to'>> & { applies_to?: Partial<WebFilterPolicy['applies_to']> };
/** A stored policy for everyone that blocks nothing, with the fields given. */
function policy(fields: PolicyFields = {}): WebFilterPolicy {
  policies += 1;
  return webFilterPolicySchema.parse({ id: uuid(policies), order: policies, name: `Policy ${policies}`, applies_to: { everyone: true }, ...fields });
}
/** An enabled section, allowing by default, with the fields given. */
const section = (fields: Partial<WebFilterSection> = {}): WebFilterSection =>
  webFilterSectionSchema.parse({ enabled: true, default_action: 'allow', policies: [], ...fields });
const ask = (s: WebFilterSection, url: string, more: Partial<WebRequest> = {}) => evaluateWebRequest(s, { url, at: NOON, ...more });

/** The organisation's own categorisation pins the domains these tests use, whatever the shipped database says. */
const SITE_CATEGORIES = { 'luckyspin.com': 'gambling', 'newsdaily.com': 'news', 'chatter.com': 'social-networking' };

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
const domain = fc.tuple(label, fc.constantFrom('com', 'org', 'net', 'io', 'de')).map(([l, tld]) => `zq${l}.${tld}`);
const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/);
const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`);
const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join('.'));
const action = fc.constantFrom('block', 'allow', 'log' as const);

/**
 * A rule of a policy that matches a request for `host` (a subdomain of `d`) from `ip`, with the
 * category `gambling` (pinned through site_categories).
 */
const matchingRule = fc.constantFrom(
  (d: string) => ({ blocked_urls: [d] }),
  (d: string) => ({ allowed_urls: [`*.${d}`] }),
  () => ({ blocked_categories: ['gambling'] }),
  () => ({ blocked_categories: ['*'] }),
  () => ({ allowed_categories: ['gambling'] }),
  (_d: string, ip: string) => ({ blocked_ips: [`${ip}/24`] }),
  (_d: string, ip: string) => ({ allowed_ips: [ip] }),
);

describe('evaluateWebRequest: the rules of one policy', () => {
  it('custom-block: a policy blocks its blocked URLs', () => {
    const p = policy({ blocked_urls: ['*.luckyspin.com', 'newsdaily.com/opinion'] });
    const s = section({ policies: [p], site_categories: SITE_CATEGORIES });
    expect(ask(s, 'https://www.luckyspin.com/play')).toMatchObject({
      action: 'blocked',
      rule: 'custom-block',
      policy: { id: p.id, name: p.name },
      matched: '*.luckyspin.com',
      host: 'www.luckyspin.com',
      path: '/play',
      domain: 'luckyspin.com',
      category: 'gambling',
    });
    expect(ask(s, 'luckyspin.com').rule).toBe('default');
    expect(ask(s, 'newsdaily.com/opinion/today')).toMatchObject({ action: 'blocked', rule: 'custom-block', matched: 'newsdaily.com/opinion' });
    expect(ask(s, 'newsdaily.com/sport')).toMatchObject({ action: 'allowed', rule: 'default', policy: null, matched: null });
  });

  it('custom-allow: a policy lets its allowed URLs through, over its own blocked URLs and categories', () => {
    const p = policy({ allowed_urls: ['newsdaily.com/public'], blocked_urls: ['newsdaily.com'], blocked_categories: ['news'] });
    const s = section({ policies: [p], site_categories: SITE_CATEGORIES });
    expect(ask(s, 'newsdaily.com/public/a')).toMatchObject({ action: 'allowed', rule: 'custom-allow', policy: { id: p.id }, matched: 'newsdaily.com/public' });
    expect(ask(s, 'newsdaily.com/private')).toMatchObject({ action: 'blocked', rule: 'custom-block', matched: 'newsdaily.com' });
  });

  it('ip-block and ip-allow: address rules match an address host or the resolved address', () => {
    const p = policy({ blocked_ips: ['10.1.0.0/16', '192.168.5.10-192.168.5.20'], allowed_ips: ['10.1.2.3'] });
    const s = section({ policies: [p] });
    expect(ask(s, 'http://10.1.9.9/admin')).toMatchObject({
      action: 'blocked',
      rule: 'ip-block',
      matched: '10.1.0.0/16',
      host: '10.1.9.9',
      domain: '10.1.9.9',
    });
    expect(ask(s, '192.168.5.20')).toMatchObject({ rule: 'ip-block', matched: '192.168.5.10-192.168.5.20' });
    expect(ask(s, '192.168.5.21').rule).toBe('default');
    expect(ask(s, '10.1.2.3')).toMatchObject({ action: 'allowed', rule: 'ip-allow', matched: '10.1.2.3' });
    expect(ask(s, 'intranet.example.com', { ip: '10.1.200.1' })).toMatchObject({ rule: 'ip-block', host: 'intranet.example.com' });
    expect(ask(s, 'intranet.example.com').rule).toBe('default');
  });

  it('ip-allow beats the same policy’s blocked URLs', () => {
    const s = section({ policies: [policy({ allowed_ips: ['10.0.0.0/8'], blocked_urls: ['example.com'] })] });
    expect(ask(s, 'example.com', { ip: '10.2.3.4' }).rule).toBe('ip-allow');
    expect(ask(s, 'example.com', { ip: '11.2.3.4' }).rule).toBe('custom-block');
  });

  it('application: a blocked application covers its domains', () => {
    const p = policy({ blocked_applications: ['youtube'] });
    const s = section({ policies: [p] });
    expect(ask(s, 'https://www.youtube.com/watch?v=1')).toMatchObject({ action: 'blocked', rule: 'application', matched: 'youtube', application: 'youtube' });
    expect(ask(s, 'i.ytimg.com').rule).toBe('application');
    expect(ask(s, 'www.netflix.com')).toMatchObject({ rule: 'default', application: 'netflix' });
  });

  it('category-block and category-allow: allowed categories beat blocked ones, * blocks all', () => {
    const s = section({
      site_categories: SITE_CATEGORIES,
      policies: [policy({ blocked_categories: ['gambling', 'news'], allowed_categories: ['news'] })],
    });
    expect(ask(s, 'www.luckyspin.com')).toMatchObject({ action: 'blocked', rule: 'category-block', matched: 'gambling', category: 'gambling' });
    expect(ask(s, 'newsdaily.com')).toMatchObject({ action: 'allowed', rule: 'category-allow', matched: 'news' });
    expect(ask(s, 'chatter.com').rule).toBe('default');
    const all = section({ site_categories: SITE_CATEGORIES, policies: [policy({ blocked_categories: ['*'], allowed_categories: ['news'] })] });
    expect(ask(all, 'chatter.com')).toMatchObject({ rule: 'category-block', matched: 'social-networking' });
    expect(ask(all, 'newsdaily.com').rule).toBe('category-allow');
  });

  it('category rules read the shipped database when the organisation has not categorised a domain', () => {
    const host = 'www.youtube.com';
    const { category } = categoryOfHost(host);
    expect(category).toBe('streaming-media');
    const s = section({ policies: [policy({ blocked_categories: [category] })] });
    expect(ask(s, host)).toMatchObject({ rule: 'category-block', category, matched: category });
  });

  it('default: nothing matched gives the default action', () => {
    expect(ask(section({ default_action: 'block' }), 'example.org')).toMatchObject({ action: 'blocked', rule: 'default', policy: null, matched: null });
    expect(ask(section({ default_action: 'allow' }), 'example.org')).toMatchObject({ action: 'allowed', rule: 'default' });
  });

  it('a log policy lets the request through, marked as logged', () => {
    const p = policy({ action: 'log', blocked_categories: ['gambling'], blocked_urls: ['newsdaily.com'] });
    const s = section({ policies: [p], default_action: 'block', site_categories: SITE_CATEGORIES });
    expect(ask(s, 'luckyspin.com')).toMatchObject({ action: 'logged', rule: 'category-block', policy: { id: p.id } });
    expect(ask(s, 'newsdaily.com')).toMatchObject({ action: 'logged', rule: 'custom-block' });
    expect(ask(s, 'luckyspin.com').reason).toMatch(new RegExp(`^Allowed and logged by policy '${p.name}': category `));
  });

  it('an allow policy above a broader block policy makes an exception', () => {
    const exception = policy({ action: 'allow', blocked_urls: ['luckyspin.com/help'] });
    const broad = policy({ blocked_categories: ['gambling'] });
    const s = section({ policies: [exception, broad], site_categories: SITE_CATEGORIES });
    expect(ask(s, 'luckyspin.com/help')).toMatchObject({ action: 'allowed', policy: { id: exception.id } });
    expect(ask(s, 'luckyspin.com/play')).toMatchObject({ action: 'blocked', policy: { id: broad.id } });
  });
});

describe("evaluateWebRequest: the organisation's own lists", () => {
  it('come before every policy, allowed first', () => {
    const p = policy({ allowed_urls: ['luckyspin.com'], blocked_urls: ['newsdaily.com'] });
    const s = section({ policies: [p], allowed_urls: ['newsdaily.com', 'luckyspin.com/ok'], blocked_urls: ['luckyspin.com'] });
    expect(ask(s, 'www.newsdaily.com')).toMatchObject({ action: 'allowed', rule: 'custom-allow', policy: null, matched: 'newsdaily.com' });
    expect(ask(s, 'luckyspin.com/ok/1')).toMatchObject({ action: 'allowed', rule: 'custom-allow', policy: null, matched: 'luckyspin.com/ok' });
    expect(ask(s, 'luckyspin.com/other')).toMatchObject({ action: 'blocked', rule: 'custom-block', policy: null, matched: 'luckyspin.com' });
  });

  it('apply to everyone, whoever asks', () => {
    const s = section({ blocked_urls: ['luckyspin.com'] });
    expect(ask(s, 'luckyspin.com', { user: 'someone@example.com', deviceId: LAPTOP }).rule).toBe('custom-block');
  });
});

describe('evaluateWebRequest: who a policy applies to', () => {
  const blocks = (applies_to: Partial<WebFilterPolicy['applies_to']>) => policy({ applies_to, blocked_urls: ['luckyspin.com'] });

  it('a user, without case', () => {
    const s = section({ policies: [blocks({ users: ['ana@example.com'] })] });
    expect(ask(s, 'luckyspin.com', { user: 'Ana@Example.com' }).rule).toBe('custom-block');
    expect(ask(s, 'luckyspin.com', { user: 'bob@example.com' }).rule).toBe('default');
    expect(ask(s, 'luckyspin.com').rule).toBe('default');
  });

  it("a group, through the section's user_groups or the groups the request names", () => {
    const s = section({ policies: [blocks({ groups: [SALES] })], user_groups: { 'ana@example.com': [SALES] } });
    expect(ask(s, 'luckyspin.com', { user: 'ANA@example.com' }).rule).toBe('custom-block');
    expect(ask(s, 'luckyspin.com', { user: 'bob@example.com' }).rule).toBe('default');
    expect(ask(s, 'luckyspin.com', { user: 'bob@example.com', groups: [SALES] }).rule).toBe('custom-block');
    // Groups named by the request replace the section's.
    expect(ask(s, 'luckyspin.com', { user: 'ana@example.com', groups: [] }).rule).toBe('default');
  });

  it('an endpoint or a device group', () => {
    const s = section({ policies: [blocks({ endpoints: [LAPTOP] }), blocks({ device_groups: [BRANCH] })] });
    expect(ask(s, 'luckyspin.com', { deviceId: LAPTOP }).policy?.id).toBe(s.policies[0]!.id);
    expect(ask(s, 'luckyspin.com', { deviceGroupId: BRANCH }).policy?.id).toBe(s.policies[1]!.id);
    expect(ask(s, 'luckyspin.com', { deviceId: uuid(0xdead), deviceGroupId: uuid(0xbeef) }).rule).toBe('default');
  });
});

describe('evaluateWebRequest: properties', () => {
  it('order decides: of two policies that both match, the first one decides', () => {
    fc.assert(
      fc.property(domain, label, ipv4, matchingRule, matchingRule, action, action, (d, sub, ip, ruleA, ruleB, actA, actB) => {
        const a = policy({ action: actA, ...ruleA(d, ip) });
        const b = policy({ action: actB, ...ruleB(d, ip) });
        const req = { url: `https://${sub}.${d}/`, ip, at: NOON };
        const site_categories = { [d]: 'gambling' };
        const ab = evaluateWebRequest(section({ policies: [a, b], site_categories }), req);
        const ba = evaluateWebRequest(section({ policies: [b, a], site_categories }), req);
        expect(ab.policy?.id).toBe(a.id);
        expect(ba.policy?.id).toBe(b.id);
        // Each alone decides the same way it does when first.
        expect(evaluateWebRequest(section({ policies: [a], site_categories }), req)).toEqual(ab);
      }),
    );
  });

  it("an allow-listed custom URL beats its category: a policy blocking the category allows that URL's requests", () => {
    fc.assert(
      fc.property(domain, fc.option(label, { nil: null }), fc.option(path, { nil: null }), fc.boolean(), (d, sub, p, blockAll) => {
        const host = sub ? `${sub}.${d}` : d;
        const url = `https://${host}${p ?? '/'}`;
        const allowed = p ? `${d}${p}` : d;
        const pol = policy({ blocked_categories: blockAll ? ['*'] : ['gambling'], allowed_urls: [allowed] });
        const s = section({ policies: [pol], site_categories: { [d]: 'gambling' }, default_action: 'block' });
        expect(ask(s, url)).toMatchObject({ action: 'allowed', rule: 'custom-allow', matched: allowed, policy: { id: pol.id } });
        // Without the allowed URL the category decides, so the allow above is the URL's doing.
        expect(ask(section({ ...s, policies: [{ ...pol, allowed_urls: [] }] }), url)).toMatchObject({ action: 'blocked', rule: 'category-block' });
      }),
    );
  });

  it('a schedule decides only inside its windows', () => {
    // Zones without daylight saving time, so that the test's own arithmetic is exact.
    const zones = { UTC: 0, 'Asia/Kolkata': 330, 'Asia/Tokyo': 540, 'America/Bogota': -300 } as const;
    const MONDAY = Date.UTC(2024, 2, 4);
    const WEEK = 7 * 1440;
    const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const window = fc
      .record({
        days: fc.subarray([...WEEKDAYS], { minLength: 1 }),
        start: fc.integer({ min: 0, max: 1440 }),
        end: fc.integer({ min: 0, max: 1440 }),
      })
      .filter((w) => w.start !== w.end && w.start < 1440);
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(zones) as (keyof typeof zones)[])),
        fc.array(window, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: WEEK - 1 }),
        (zone, windows, utcMinute) => {
          const local = (((utcMinute + zones[zone]) % WEEK) + WEEK) % WEEK;
          // Each window as minutes of the week [from, to), an overnight one running into the next day.
          const inside = windows.some((w) =>
            w.days.some((day) => {
              const from = WEEKDAYS.indexOf(day) * 1440 + w.start;
              const length = w.end > w.start ? w.end - w.start : 1440 - w.start + w.end;
              return (((local - from) % WEEK) + WEEK) % WEEK < length;
            }),
          );
          const schedule = { time_zone: zone, windows: windows.map((w) => ({ days: w.days, start: clock(w.start), end: clock(w.end) })) };
          const s = section({ policies: [policy({ blocked_urls: ['example.com'], blocked_categories: ['*'], schedule })] });
          const at = new Date(MONDAY + utcMinute * 60_000 + 30_000);
          expect(evaluateWebRequest(s, { url: 'www.example.com', at }).rule).toBe(inside ? 'custom-block' : 'default');
        },
      ),
    );
  });

  it('wildcard and path rules match as documented, through the compiled index', () => {
    fc.assert(
      fc.property(domain, label, path, path, segment, (d, x, p, below, extra) => {
        const s = section({ blocked_urls: [`*.${d}`], policies: [policy({ blocked_urls: [`${d}${p}`] })] });
        const rule = (url: string) => ask(s, url).rule;
        expect(ask(s, d).rule).toBe('default');
        expect(ask(s, `${x}.${d}`)).toMatchObject({ rule: 'custom-block', policy: null });
        expect(ask(s, `${d}${p}`).policy?.id).toBe(s.policies[0]!.id);
        expect(rule(`${d}${p}${below}`)).toBe('custom-block');
        expect(rule(`${d}${p}?q=1`)).toBe('custom-block');
        expect(rule(`${d}${p}${extra}`)).toBe('default');
      }),
    );
  });

  it('a disabled policy never decides', () => {
    fc.assert(
      fc.property(domain, label, ipv4, fc.array(matchingRule, { minLength: 1, maxLength: 4 }), action, (d, sub, ip, rules, act) => {
        const fields = Object.assign({}, ...rules.map((r) => r(d, ip))) as PolicyFields;
        const off = policy({ ...fields, action: act, enabled: false });
        const on = policy({ blocked_urls: ['unrelated.example'] });
        const s = section({ policies: [off, on], site_categories: { [d]: 'gambling' }, default_action: 'block' });
        expect(ask(s, `${sub}.${d}`, { ip })).toMatchObject({ action: 'blocked', rule: 'default', policy: null });
        // Enabled, the same policy does decide.
        expect(ask(section({ ...s, policies: [{ ...off, enabled: true }] }), `${sub}.${d}`, { ip }).policy?.id).toBe(off.id);
      }),
    );
  });

  it('the filter off lets everything through', () => {
    fc.assert(
      fc.property(domain, ipv4, fc.array(matchingRule, { maxLength: 3 }), fc.constantFrom('allow', 'block' as const), (d, ip, rules, defaultAction) => {
        const s = section({
          enabled: false,
          default_action: defaultAction,
          blocked_urls: [d],
          policies: rules.map((r) => policy(r(d, ip))),
          site_categories: { [d]: 'gambling' },
        });
        expect(ask(s, `https://${d}/x`, { ip })).toMatchObject({ action: 'allowed', rule: 'filter-off', policy: null, matched: null });
        expect(ask(s, ip)).toMatchObject({ action: 'allowed', rule: 'filter-off' });
      }),
    );
  });
});

/** The documented order read naively, policy by policy and pattern by pattern: what the indexed evaluation must agree with. */
function naiveDecision(s: WebFilterSection, req: WebRequest) {
  if (!s.enabled) return { action: 'allowed', rule: 'filter-off', policy: null };
  const url = requestUrlOf(req.url)!;
  const onList = (list: readonly string[]) => list.some((t) => urlPatternMatches(parseUrlPattern(t)!, url));
  if (onList(s.allowed_urls)) return { action: 'allowed', rule: 'custom-allow', policy: null };
  if (onList(s.blocked_urls)) return { action: 'blocked', rule: 'custom-block', policy: null };
  const hostIsIp = isIPv4(url.host);
  const ipText = hostIsIp ? url.host : (req.ip ?? null);
  const ip = ipText ? ipv4ToNumber(ipText) : null;
  const inRange = (rules: readonly string[]) => ip !== null && rules.some((r) => ip >= ipRuleRange(r)![0] && ip <= ipRuleRange(r)![1]);
  const domain = registrableDomain(url.host) ?? url.host;
  const category = hostIsIp ? 'uncategorised' : (s.site_categories[domain] ?? categoryOfHost(url.host).category);
  const app = hostIsIp ? null : applicationIdOfHost(url.host);
  const user = req.user?.toLowerCase() ?? null;
  const groups = req.groups ?? (user ? (s.user_groups[user] ?? []) : []);
  for (const p of s.policies) {
    const a = p.applies_to;
    const applies =
      a.everyone ||
      (user !== null && a.users.includes(user)) ||
      groups.some((g) => a.groups.includes(g)) ||
      (!!req.deviceId && a.endpoints.includes(req.deviceId)) ||
      (!!req.deviceGroupId && a.device_groups.includes(req.deviceGroupId));
    if (!p.enabled || !applies || !scheduleActive(p.schedule, req.at)) continue;
    const verdict = { block: 'blocked', allow: 'allowed', log: 'logged' }[p.action];
    const decided = (action: string, rule: string) => ({ action, rule, policy: p.id });
    if (onList(p.allowed_urls)) return decided('allowed', 'custom-allow');
    if (inRange(p.allowed_ips)) return decided('allowed', 'ip-allow');
    if (onList(p.blocked_urls)) return decided(verdict, 'custom-block');
    if (inRange(p.blocked_ips)) return decided(verdict, 'ip-block');
    if (app && p.blocked_applications.includes(app)) return decided(verdict, 'application');
    if (p.allowed_categories.some((x) => x === category || x === '*')) return decided('allowed', 'category-allow');
    if (p.blocked_categories.some((x) => x === category || x === '*')) return decided(verdict, 'category-block');
  }
  return { action: s.default_action === 'block' ? 'blocked' : 'allowed', rule: 'default', policy: null };
}

describe('evaluateWebRequest: the indexes change nothing', () => {
  it('decides like reading every policy in order (property)', () => {
    const users = ['ana@example.com', 'bob@example.com', 'cy@example.com'];
    const groups = [uuid(0x61), uuid(0x62), uuid(0x63)];
    const endpoints = [uuid(0x71), uuid(0x72)];
    const deviceGroups = [uuid(0x81), uuid(0x82)];
    const patterns = ['luckyspin.com', '*.luckyspin.com', 'luckyspin.com/play', 'newsdaily.com/opinion', 'youtube.com', '*.corp.example', 'chatter.com/x'];
    const urls = [
      'luckyspin.com',
      'www.luckyspin.com/play/1',
      'newsdaily.com/opinion/x',
      'newsdaily.com/opinions',
      'chatter.com/x',
      'www.youtube.com/watch',
      'intranet.corp.example',
      'corp.example',
      'unknown-site.org',
      '10.1.2.3',
      '192.168.0.5',
    ];
    const some = <T>(items: readonly T[]) => fc.subarray([...items], { maxLength: 2 });
    const arbitraryPolicy = fc.record({
      enabled: fc.boolean(),
      action,
      applies_to: fc.oneof(
        fc.constant({ everyone: true }),
        fc
          .record({ users: some(users), groups: some(groups), endpoints: some(endpoints), device_groups: some(deviceGroups) })
          .filter((a) => a.users.length + a.groups.length + a.endpoints.length + a.device_groups.length > 0),
      ),
      allowed_urls: some(patterns),
      blocked_urls: some(patterns),
      allowed_ips: some(['10.1.2.3', '192.168.0.1-192.168.0.9']),
      blocked_ips: some(['10.1.0.0/16', '192.168.0.0/24']),
      blocked_applications: some(['youtube', 'netflix']),
      allowed_categories: some(['news', 'streaming-media', '*']),
      blocked_categories: some(['gambling', 'news', 'social-networking', 'streaming-media', 'uncategorised', '*']),
      schedule: fc.option(fc.constant<WebFilterSchedule>({ time_zone: 'UTC', windows: [{ days: ['mon'], start: '09:00', end: '17:00' }] }), { nil: null }),
    });
    const request = fc.record({
      url: fc.constantFrom(...urls),
      user: fc.option(fc.constantFrom(...users, 'ANA@example.com'), { nil: null }),
      groups: fc.option(some(groups), { nil: undefined }),
      deviceId: fc.option(fc.constantFrom(...endpoints), { nil: null }),
      deviceGroupId: fc.option(fc.constantFrom(...deviceGroups), { nil: null }),
      ip: fc.option(fc.constantFrom('10.1.2.3', '10.1.9.9', '192.168.0.200'), { nil: null }),
      at: fc.constantFrom(NOON, new Date('2024-03-10T12:00:00Z')),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryPolicy, { minLength: 1, maxLength: 6 }),
        fc.record({ allowed_urls: some(patterns), blocked_urls: some(patterns) }),
        fc.array(request, { minLength: 1, maxLength: 5 }),
        fc.dictionary(fc.constantFrom(...users), some(groups)),
        (drawn, own, requests, user_groups) => {
          const s = section({ policies: drawn.map((p) => policy(p)), ...own, user_groups, site_categories: SITE_CATEGORIES, default_action: 'block' });
          const compiled = compileWebFilter(s);
          for (const req of requests) {
            const d = evaluateWebRequest(compiled, req);
            expect({ action: d.action, rule: d.rule, policy: d.policy?.id ?? null }).toEqual(naiveDecision(s, req));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('compiled web filter', () => {
  it('is made once per section object, and the compiled form decides like the section', () => {
    const s = section({ policies: [policy({ blocked_urls: ['luckyspin.com'] })] });
    expect(compiledWebFilter(s)).toBe(compiledWebFilter(s));
    const c = compileWebFilter(s);
    expect(evaluateWebRequest(c, { url: 'luckyspin.com', at: NOON })).toEqual(ask(s, 'luckyspin.com'));
  });

  it('ignores patterns that do not parse instead of failing', () => {
    const s: WebFilterSection = { ...section({ blocked_urls: ['luckyspin.com'] }), allowed_urls: ['not a url'] };
    expect(ask(s, 'luckyspin.com').rule).toBe('custom-block');
  });
});
