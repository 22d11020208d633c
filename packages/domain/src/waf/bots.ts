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

export interface ClientSeen {
  userAgent: string | null;
  clientIp: string;
  /** The edge answered it with the JavaScript challenge and it never came back with a pass. */
  failedChallenge?: boolean;
}

export interface ClientVerdict {
  class: BotClass;
  /** The browser, crawler or tool it is ('Chrome', 'Googlebot', 'curl'), 'Unknown' when nothing says. */
  family: string;
}

const toolName = (ua: string) => /^[\w.-]+/.exec(ua)?.[0] ?? 'Unknown';

/** The class and family of a client from its user agent and address (see BOT_CLASSES). */
export function classifyClient(c: ClientSeen): ClientVerdict {
  const ua = (c.userAgent ?? '').trim();
  if (!ua) return { class: 'automated', family: 'No user agent' };
  const browser = new UAParser(ua).getBrowser().name;
  if (AUTOMATION.test(ua) || browser?.includes('Headless')) return { class: 'automated', family: browser ?? toolName(ua) };
  const engine = VERIFIED_BOT_RANGES.find((b) => b.agent.test(ua));
  if (engine) return { class: addressListed(c.clientIp, engine.ranges) ? 'verified_bot' : 'likely_bot', family: engine.name };
  if (isbot(ua)) return { class: 'likely_bot', family: toolName(ua.replace(/^Mozilla\/5\.0 \(compatible; /, '')) };
  if (c.failedChallenge) return { class: 'automated', family: browser ?? 'Unknown' };
  return browser ? { class: 'human', family: browser } : { class: 'likely_bot', family: 'Unknown' };
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
  clients: { client_ip: string; user_agent: string | null; class: BotClass; family: string; requests: number; errors: number }[];
}

const top = <T extends { requests: number }>(items: Iterable<T>, n: number) => [...items].sort((a, b) => b.requests - a.requests).slice(0, n);

/** The bot dashboard's figures from the counts of a window: every client classified once. */
export function summariseBots(rows: readonly ClientPathCount[], failedChallenge: ReadonlySet<string>): BotSummary {
  const clients = new Map<string, ClientVerdict & { ip: string; ua: string | null; requests: number; errors: number }>();
  const paths = new Map<string, number>();
  for (const r of rows) {
    const id = `${r.clientIp}\n${r.userAgent ?? ''}`;
    let c = clients.get(id);
    if (!c) {
      c = {
        ...classifyClient({ userAgent: r.userAgent, clientIp: r.clientIp, failedChallenge: failedChallenge.has(r.clientIp) }),
        ip: r.clientIp,
        ua: r.userAgent,
        requests: 0,
        errors: 0,
      };
      clients.set(id, c);
    }
    c.requests += r.requests;
    c.errors += r.errors;
    if (c.class !== 'human') {
      const path = r.path.split('?')[0] ?? r.path;
      paths.set(path, (paths.get(path) ?? 0) + r.requests);
    }
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
    ).map((c) => ({ client_ip: c.ip, user_agent: c.ua, class: c.class, family: c.family, requests: c.requests, errors: c.errors })),
  };
}
