import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { addressListed } from './decide';

/**
 * What kind of client sent a request, from what the edge logs of it:
 * - human: a browser ua-parser-js recognises, with no sign of automation;
 * - verified_bot: a crawler whose user agent names a search engine and whose address is in that
 *   engine's published ranges (a Googlebot user agent from elsewhere is not Google's);
 * - likely_bot: a crawler by its user agent (isbot) that is not verified, or a user agent nothing recognises;
 * - automated: an HTTP library, a command-line tool, a scanner, a headless browser, no user agent
 *   at all, or a client on a challenge list that never passed the edge's JavaScript challenge.
 */
export const BOT_CLASSES = ['human', 'verified_bot', 'likely_bot', 'automated'] as const;
export type BotClass = (typeof BOT_CLASSES)[number];

/**
 * The search engines' crawlers and the address ranges they publish (Google's googlebot.json, Bing's
 * bingbot.json, …), as shipped: a crawler is verified when its address is in its own engine's ranges.
 */
export const VERIFIED_BOT_RANGES: readonly { name: string; agent: RegExp; ranges: readonly string[] }[] = [
  { name: 'Googlebot', agent: /Googlebot|Google-InspectionTool|GoogleOther|Storebot-Google/i, ranges: ['66.249.64.0/19', '66.249.96.0/20'] },
  {
    name: 'Bingbot',
    agent: /bingbot|BingPreview|adidxbot/i,
    ranges: ['157.55.39.0/24', '207.46.13.0/24', '40.77.167.0/24', '13.66.139.0/24', '52.167.144.0/24'],
  },
  { name: 'DuckDuckBot', agent: /DuckDuckBot/i, ranges: ['20.191.45.212/32', '40.88.21.235/32', '40.76.173.151/32', '52.142.26.175/32'] },
  { name: 'Applebot', agent: /Applebot/i, ranges: ['17.0.0.0/8'] },
  { name: 'YandexBot', agent: /YandexBot|YandexImages/i, ranges: ['5.255.253.0/24', '77.88.5.0/24', '95.108.213.0/24', '213.180.203.0/24'] },
];

/** Tools and libraries rather than people or crawlers: what a script, a scanner or a load generator sends. */
const AUTOMATION =
  /^(?:curl|wget|python-requests|python-urllib|python-httpx|aiohttp|Go-http-client|okhttp|Java\/|Apache-HttpClient|libwww-perl|Ruby|node-fetch|axios|undici|PostmanRuntime|insomnia|HTTPie|Scrapy|php|Guzzle)|sqlmap|nikto|nuclei|masscan|zgrab|nmap|dirbuster|gobuster|feroxbuster|wpscan|Headless|PhantomJS|Puppeteer|Playwright|Selenium|WebDriver/i;

/**
 * Why a client was classed as it was: what the dashboard shows beside it.
 * - no_user_agent, automation_tool, headless: what the user agent (or Sec-CH-UA) says;
 * - crawler: a crawler by its user agent; verified_ranges / verified_rdns: a good bot proven by its
 *   published ranges or by forward-confirmed reverse DNS; impersonator: a good bot's user agent from an
 *   address that proves nothing of the kind; unknown_agent: a user agent nothing recognises;
 * - failed_challenge: on a challenge list and never came back with a pass;
 * - regular_timing: requests at metronome-regular intervals; high_rate: more requests a minute than a person makes;
 * - no_accept_language, no_accept_encoding, client_hints_mismatch: a browser's user agent without the headers every browser sends, or
 *   with client hints that name another browser or version.
 */
export const BOT_SIGNALS = [
  'no_user_agent',
  'automation_tool',
  'headless',
  'crawler',
  'verified_ranges',
  'verified_rdns',
  'impersonator',
  'unknown_agent',
  'failed_challenge',
  'regular_timing',
  'high_rate',
  'no_accept_language',
  'no_accept_encoding',
  'client_hints_mismatch',
] as const;
export type BotSignal = (typeof BOT_SIGNALS)[number];

/** How a client behaved over a window, as the store aggregates its requests. */
export interface ClientBehaviour {
  requests: number;
  /** From its first request to its last. */
  spanMs: number;
  /** Mean and standard deviation of the gaps between its requests (null: fewer than three requests). */
  gapMeanMs: number | null;
  gapStdMs: number | null;
  /** Its requests whose line carried the header fields (an older edge logs none). */
  withHeaders: number;
  /** Of those, the ones with no Accept-Language, no Accept-Encoding. */
  noAcceptLanguage: number;
  noAcceptEncoding: number;
  /** A Sec-CH-UA it sent (null: none). */
  secChUa: string | null;
}

/** A crawler the organisation trusts when it proves itself: its user agent, its reverse-DNS domains, its published ranges. */
export interface GoodBot {
  name: string;
  /** Words of its user agent, '|' between alternatives, matched without case. */
  user_agent: string;
  /** Domain suffixes its addresses' PTR names end with ('.googlebot.com'). */
  rdns_suffixes: string[];
  ranges: string[];
}

const RDNS: Record<string, string[]> = {
  Googlebot: ['.googlebot.com', '.google.com', '.googleusercontent.com'],
  Bingbot: ['.search.msn.com'],
  DuckDuckBot: [],
  Applebot: ['.applebot.apple.com'],
  YandexBot: ['.yandex.ru', '.yandex.net', '.yandex.com'],
};

/** The good bots every organisation starts with (an admin edits its own copy). */
export const DEFAULT_GOOD_BOTS: readonly GoodBot[] = VERIFIED_BOT_RANGES.map((b) => ({
  name: b.name,
  user_agent: b.agent.source,
  rdns_suffixes: RDNS[b.name] ?? [],
  ranges: [...b.ranges],
}));

const escapeRx = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A good bot's user-agent words as a regular expression (literal words: a pattern an admin types cannot backtrack). */
export const goodBotAgent = (pattern: string): RegExp =>
  new RegExp(
    pattern
      .split('|')
      .map((w) => w.trim())
      .filter(Boolean)
      .map(escapeRx)
      .join('|') || '(?!)',
    'i',
  );

/** The good bot a user agent claims to be, if any. */
export function claimedGoodBot(userAgent: string | null, goodBots: readonly GoodBot[]): GoodBot | null {
  if (!userAgent) return null;
  return goodBots.find((b) => goodBotAgent(b.user_agent).test(userAgent)) ?? null;
}

/** Whether a PTR name is under one of a good bot's domains ('.googlebot.com' takes 'crawl-1.googlebot.com', not 'evilgooglebot.com'). */
export const nameUnderSuffix = (name: string, suffixes: readonly string[]): boolean => {
  const n = name.toLowerCase().replace(/\.$/, '');
  return suffixes.some((s) => {
    const suffix = s.toLowerCase().replace(/\.$/, '');
    return n.endsWith(suffix.startsWith('.') ? suffix : `.${suffix}`);
  });
};

export interface ClientSeen {
  userAgent: string | null;
  clientIp: string;
  /** The edge answered it with the JavaScript challenge and it never came back with a pass. */
  failedChallenge?: boolean;
  behaviour?: ClientBehaviour;
  /** Good bots to verify against (the shipped ones by default). */
  goodBots?: readonly GoodBot[];
  /** Its address passed forward-confirmed reverse DNS for the good bot it claims. */
  rdnsVerified?: boolean;
}

export interface ClientVerdict {
  class: BotClass;
  /** The browser, crawler or tool it is ('Chrome', 'Googlebot', 'curl'), 'Unknown' when nothing says. */
  family: string;
  /** What marked it (empty for a person with nothing against it). */
  signals: BotSignal[];
}

const toolName = (ua: string) => /^[\w.-]+/.exec(ua)?.[0] ?? 'Unknown';

/** Below this coefficient of variation of its gaps, a client's timing is a metronome's, not a person's. */
export const REGULAR_TIMING_CV = 0.1;
/** Requests a minute past which a client is no person reading pages (sustained over a minute at least). */
export const HIGH_RATE_PER_MINUTE = 120;
const HEADLESS = /Headless|PhantomJS|Puppeteer|Playwright|Selenium|WebDriver|jsdom/i;

/** What a client's timing, rate and headers say against it (a browser's user agent is judged by its headers too). */
export function behaviourSignals(b: ClientBehaviour | undefined, ua: string, browser: { name?: string; major?: string }): BotSignal[] {
  if (!b) return [];
  const out: BotSignal[] = [];
  if (b.requests >= 10 && b.gapMeanMs !== null && b.gapStdMs !== null && b.gapMeanMs > 0 && b.gapStdMs / b.gapMeanMs < REGULAR_TIMING_CV)
    out.push('regular_timing');
  if (b.spanMs >= 60_000 && (b.requests / b.spanMs) * 60_000 > HIGH_RATE_PER_MINUTE) out.push('high_rate');
  if (!browser.name) return out;
  if (b.withHeaders > 0 && b.noAcceptLanguage === b.withHeaders) out.push('no_accept_language');
  if (b.withHeaders > 0 && b.noAcceptEncoding === b.withHeaders) out.push('no_accept_encoding');
  if (b.secChUa && clientHintsContradict(b.secChUa, ua, browser)) out.push('client_hints_mismatch');
  return out;
}

/** Whether Sec-CH-UA names another browser or version than the user agent (Firefox and Safari send none at all). */
export function clientHintsContradict(secChUa: string, ua: string, browser: { name?: string; major?: string }): boolean {
  const brands = [...secChUa.matchAll(/"([^"]+)"\s*;\s*v="(\d+)/g)].map((m) => ({ brand: m[1]!, major: m[2]! }));
  if (/HeadlessChrome/i.test(secChUa)) return true;
  if (!/Chrom|Edg|Opera|OPR|Brave|Vivaldi|Samsung/i.test(ua)) return true;
  const chromium = brands.find((x) => x.brand === 'Chromium');
  const uaMajor = /Chrome\/(\d+)/.exec(ua)?.[1] ?? browser.major;
  return !!chromium && !!uaMajor && chromium.major !== uaMajor;
}

/** The class and family of a client from its user agent, address, headers and behaviour (see BOT_CLASSES), and the signals that marked it. */
export function classifyClient(c: ClientSeen): ClientVerdict {
  const ua = (c.userAgent ?? '').trim();
  if (!ua) return { class: 'automated', family: 'No user agent', signals: ['no_user_agent'] };
  const parsed = new UAParser(ua).getBrowser();
  const browser = parsed.name;
  const hintsHeadless = !!c.behaviour?.secChUa && /HeadlessChrome/i.test(c.behaviour.secChUa);
  if (HEADLESS.test(ua) || browser?.includes('Headless') || hintsHeadless)
    return { class: 'automated', family: browser ?? toolName(ua), signals: ['headless'] };
  if (AUTOMATION.test(ua)) return { class: 'automated', family: browser ?? toolName(ua), signals: ['automation_tool'] };
  const behaviour = behaviourSignals(c.behaviour, ua, { name: undefined, major: undefined });
  const engine = claimedGoodBot(ua, c.goodBots ?? DEFAULT_GOOD_BOTS);
  if (engine) {
    if (addressListed(c.clientIp, engine.ranges)) return { class: 'verified_bot', family: engine.name, signals: ['verified_ranges'] };
    if (c.rdnsVerified) return { class: 'verified_bot', family: engine.name, signals: ['verified_rdns'] };
    return { class: 'likely_bot', family: engine.name, signals: ['impersonator', ...behaviour] };
  }
  if (isbot(ua)) return { class: 'likely_bot', family: toolName(ua.replace(/^Mozilla\/5\.0 \(compatible; /, '')), signals: ['crawler', ...behaviour] };
  if (!browser) return { class: 'likely_bot', family: 'Unknown', signals: ['unknown_agent', ...behaviour] };
  const signals = behaviourSignals(c.behaviour, ua, { name: browser, major: parsed.major });
  if (c.failedChallenge) signals.unshift('failed_challenge');
  return { class: signals.length ? 'automated' : 'human', family: browser, signals };
}
/** The /24 (IPv4) a client address belongs to: the network the dashboard groups clients by. */
export function clientNetwork(ip: string): string {
  const parts = ip.split('.');
  return parts.length === 4 ? `${parts[0]}.${parts[1]}.${parts[2]}.0/24` : ip;
}

/** Requests of one client (address and user agent) to one path in a window, as the store counts them. */
export interface ClientPathCount {
  userAgent: string | null;
  clientIp: string;
  path: string;
  requests: number;
  errors: number;
}

export interface BotSummary {
  requests: number;
  byClass: { key: BotClass; requests: number; clients: number }[];
  byFamily: { key: string; class: BotClass; requests: number }[];
  /** The networks that sent the most traffic that was not a person's. */
  byNetwork: { key: string; requests: number; clients: number }[];
  /** The paths bots and automation asked for most. */
  topBotPaths: { key: string; requests: number }[];
  /** The busiest clients that are not people, with what they are. */
  clients: { client_ip: string; user_agent: string | null; class: BotClass; family: string; signals: BotSignal[]; requests: number; errors: number }[];
}

/** The key a client (address and user agent) is known by across the store's rows. */
export const clientKey = (clientIp: string, userAgent: string | null) => `${clientIp}\n${userAgent ?? ''}`;

/** What classification knows besides the counts: each client's behaviour, the good bots and which addresses reverse DNS verified. */
export interface BotEvidence {
  behaviour?: ReadonlyMap<string, ClientBehaviour>;
  goodBots?: readonly GoodBot[];
  /** Client keys (clientKey) whose address passed forward-confirmed reverse DNS for the good bot their user agent claims. */
  rdnsVerified?: ReadonlySet<string>;
}

/** The addresses the edges act on for each class but 'human': an address is in the list of the worst class any of its clients is in. */
export function botClassMembers(clients: Iterable<{ clientIp: string; class: BotClass }>, max = 5_000): Record<Exclude<BotClass, 'human'>, string[]> {
  const rank: Record<BotClass, number> = { human: 0, verified_bot: 1, likely_bot: 2, automated: 3 };
  const worst = new Map<string, BotClass>();
  for (const c of clients) {
    const was = worst.get(c.clientIp);
    if (!was || rank[c.class] > rank[was]) worst.set(c.clientIp, c.class);
  }
  const out: Record<Exclude<BotClass, 'human'>, string[]> = { verified_bot: [], likely_bot: [], automated: [] };
  for (const [ip, cls] of worst) if (cls !== 'human') out[cls].push(ip);
  for (const k of Object.keys(out) as (keyof typeof out)[]) out[k] = out[k].sort().slice(0, max);
  return out;
}

const top = <T extends { requests: number }>(items: Iterable<T>, n: number) => [...items].sort((a, b) => b.requests - a.requests).slice(0, n);

/** The bot dashboard's figures from the counts of a window: every client classified once. */
export function summariseBots(rows: readonly ClientPathCount[], failedChallenge: ReadonlySet<string>, evidence: BotEvidence = {}): BotSummary {
  const clients = classifyRows(rows, failedChallenge, evidence);
  const paths = new Map<string, number>();
  for (const r of rows) {
    if (clients.get(clientKey(r.clientIp, r.userAgent))?.class === 'human') continue;
    const path = r.path.split('?')[0] ?? r.path;
    paths.set(path, (paths.get(path) ?? 0) + r.requests);
  }
  const byClass = new Map(BOT_CLASSES.map((k) => [k, { key: k, requests: 0, clients: 0 }]));
  const byFamily = new Map<string, { key: string; class: BotClass; requests: number }>();
  const byNetwork = new Map<string, { key: string; requests: number; clients: Set<string> }>();
  for (const c of clients.values()) {
    const k = byClass.get(c.class)!;
    k.requests += c.requests;
    k.clients += 1;
    const f = byFamily.get(`${c.class}:${c.family}`) ?? { key: c.family, class: c.class, requests: 0 };
    f.requests += c.requests;
    byFamily.set(`${c.class}:${c.family}`, f);
    if (c.class === 'human') continue;
    const network = clientNetwork(c.ip);
    const n = byNetwork.get(network) ?? { key: network, requests: 0, clients: new Set<string>() };
    n.requests += c.requests;
    n.clients.add(c.ip);
    byNetwork.set(network, n);
  }
  return {
    requests: [...clients.values()].reduce((s, c) => s + c.requests, 0),
    byClass: [...byClass.values()],
    byFamily: top(byFamily.values(), 20),
    byNetwork: top(byNetwork.values(), 10).map((n) => ({ key: n.key, requests: n.requests, clients: n.clients.size })),
    topBotPaths: top(
      [...paths].map(([key, requests]) => ({ key, requests })),
      10,
    ),
    clients: top(
      [...clients.values()].filter((c) => c.class !== 'human'),
      50,
    ).map((c) => ({ client_ip: c.ip, user_agent: c.ua, class: c.class, family: c.family, signals: c.signals, requests: c.requests, errors: c.errors })),
  };
}

/** Every client of the rows classified once, with its requests and errors summed. */
export function classifyRows(
  rows: readonly ClientPathCount[],
  failedChallenge: ReadonlySet<string>,
  evidence: BotEvidence = {},
): Map<string, ClientVerdict & { ip: string; ua: string | null; requests: number; errors: number }> {
  const clients = new Map<string, ClientVerdict & { ip: string; ua: string | null; requests: number; errors: number }>();
  for (const r of rows) {
    const id = clientKey(r.clientIp, r.userAgent);
    let c = clients.get(id);
    if (!c) {
      c = {
        ...classifyClient({
          userAgent: r.userAgent,
          clientIp: r.clientIp,
          failedChallenge: failedChallenge.has(r.clientIp),
          behaviour: evidence.behaviour?.get(id),
          goodBots: evidence.goodBots,
          rdnsVerified: evidence.rdnsVerified?.has(id),
        }),
        ip: r.clientIp,
        ua: r.userAgent,
        requests: 0,
        errors: 0,
      };
      clients.set(id, c);
    }
    c.requests += r.requests;
    c.errors += r.errors;
  }
  return clients;
}
