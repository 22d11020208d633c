import { describe, expect, it } from 'vitest';
import { botClassMembers, classifyClient, goodBotAgent, nameUnderSuffix, summariseBots, type ClientBehaviour, type GoodBot } from './bots';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('what kind of client sent a request', () => {
  it('tells people, crawlers verified by their published ranges, other crawlers and automation apart, saying why', () => {
    expect(classifyClient({ userAgent: CHROME, clientIp: '198.51.100.7' })).toEqual({ class: 'human', family: 'Chrome', signals: [] });
    expect(classifyClient({ userAgent: GOOGLEBOT, clientIp: '66.249.66.1' })).toEqual({
      class: 'verified_bot',
      family: 'Googlebot',
      signals: ['verified_ranges'],
    });
    // Googlebot's user agent from an address that is not Google's: a crawler pretending.
    expect(classifyClient({ userAgent: GOOGLEBOT, clientIp: '45.155.205.233' })).toEqual({
      class: 'likely_bot',
      family: 'Googlebot',
      signals: ['impersonator'],
    });
    // … unless its address's reverse DNS, confirmed forward, is Google's.
    expect(classifyClient({ userAgent: GOOGLEBOT, clientIp: '45.155.205.233', rdnsVerified: true })).toMatchObject({
      class: 'verified_bot',
      signals: ['verified_rdns'],
    });
    expect(classifyClient({ userAgent: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', clientIp: '1.2.3.4' })).toMatchObject({
      class: 'likely_bot',
      family: 'AhrefsBot',
      signals: ['crawler'],
    });
    expect(classifyClient({ userAgent: 'curl/8.5.0', clientIp: '1.2.3.4' })).toEqual({ class: 'automated', family: 'curl', signals: ['automation_tool'] });
    expect(classifyClient({ userAgent: 'sqlmap/1.7.2#stable (https://sqlmap.org)', clientIp: '1.2.3.4' }).class).toBe('automated');
    expect(classifyClient({ userAgent: CHROME.replace('Chrome/', 'HeadlessChrome/'), clientIp: '1.2.3.4' })).toEqual({
      class: 'automated',
      family: 'Chrome Headless',
      signals: ['headless'],
    });
    expect(classifyClient({ userAgent: null, clientIp: '1.2.3.4' })).toEqual({ class: 'automated', family: 'No user agent', signals: ['no_user_agent'] });
    // A browser's user agent that never ran the challenge's script is a script wearing one.
    expect(classifyClient({ userAgent: CHROME, clientIp: '1.2.3.4', failedChallenge: true })).toEqual({
      class: 'automated',
      family: 'Chrome',
      signals: ['failed_challenge'],
    });
  });

  const browserLike: ClientBehaviour = {
    requests: 40,
    spanMs: 20 * 60_000,
    gapMeanMs: 30_000,
    gapStdMs: 25_000,
    withHeaders: 40,
    noAcceptLanguage: 0,
    noAcceptEncoding: 0,
    secChUa: '"Chromium";v="131", "Google Chrome";v="131", "Not_A Brand";v="24"',
  };

  it('marks a browser user agent whose timing, rate or headers are a script’s', () => {
    const seen = (b: Partial<ClientBehaviour>, ua = CHROME) => classifyClient({ userAgent: ua, clientIp: '198.51.100.7', behaviour: { ...browserLike, ...b } });
    expect(seen({})).toMatchObject({ class: 'human', signals: [] });
    // A request every 2 s to the millisecond.
    expect(seen({ gapMeanMs: 2_000, gapStdMs: 40 })).toMatchObject({ class: 'automated', signals: ['regular_timing'] });
    expect(seen({ requests: 6_000, spanMs: 10 * 60_000 })).toMatchObject({ class: 'automated', signals: ['high_rate'] });
    expect(seen({ noAcceptLanguage: 40 })).toMatchObject({ class: 'automated', signals: ['no_accept_language'] });
    expect(seen({ noAcceptLanguage: 3, noAcceptEncoding: 40 })).toMatchObject({ class: 'automated', signals: ['no_accept_encoding'] });
    // Client hints of another version, or from a browser (Firefox) that sends none.
    expect(seen({ secChUa: '"Chromium";v="99", "Google Chrome";v="99"' })).toMatchObject({ class: 'automated', signals: ['client_hints_mismatch'] });
    expect(seen({}, FIREFOX)).toMatchObject({ class: 'automated', signals: ['client_hints_mismatch'] });
    expect(seen({ secChUa: null }, FIREFOX)).toMatchObject({ class: 'human', signals: [] });
    expect(seen({ secChUa: '"HeadlessChrome";v="131"' })).toMatchObject({ class: 'automated', signals: ['headless'] });
    // An edge that logs no headers says nothing against anyone.
    expect(seen({ withHeaders: 0, noAcceptLanguage: 0, secChUa: null })).toMatchObject({ class: 'human' });
  });

  it('verifies good bots from an edited list: its own words and ranges', () => {
    const goodBots: GoodBot[] = [{ name: 'Acme crawler', user_agent: 'AcmeBot|Acme-Fetch', rdns_suffixes: ['.crawl.acme.example'], ranges: ['192.0.2.0/24'] }];
    expect(classifyClient({ userAgent: 'AcmeBot/1.0', clientIp: '192.0.2.9', goodBots })).toMatchObject({ class: 'verified_bot', family: 'Acme crawler' });
    // Googlebot is no longer on this organisation's list: a crawler like any other.
    expect(classifyClient({ userAgent: GOOGLEBOT, clientIp: '66.249.66.1', goodBots })).toMatchObject({ class: 'likely_bot', signals: ['crawler'] });
    // An admin's words are words, not a pattern that could backtrack.
    expect(goodBotAgent('(a+)+$').test('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')).toBe(false);
    expect(nameUnderSuffix('crawl-66-249-66-1.googlebot.com.', ['.googlebot.com'])).toBe(true);
    expect(nameUnderSuffix('evilgooglebot.com', ['.googlebot.com'])).toBe(false);
  });

  it('puts each address in the list of the worst class any of its clients is in', () => {
    expect(
      botClassMembers([
        { clientIp: '203.0.113.5', class: 'likely_bot' },
        { clientIp: '203.0.113.5', class: 'automated' },
        { clientIp: '66.249.66.1', class: 'verified_bot' },
        { clientIp: '198.51.100.7', class: 'human' },
      ]),
    ).toEqual({ verified_bot: ['66.249.66.1'], likely_bot: [], automated: ['203.0.113.5'] });
  });

  it('counts requests and clients by class, family and network, and the paths bots asked for most', () => {
    const s = summariseBots(
      [
        { userAgent: CHROME, clientIp: '198.51.100.7', path: '/products?q=shoes', requests: 40, errors: 0 },
        { userAgent: CHROME, clientIp: '198.51.100.8', path: '/', requests: 10, errors: 0 },
        { userAgent: 'curl/8.5.0', clientIp: '203.0.113.5', path: '/wp-login.php', requests: 30, errors: 30 },
        { userAgent: 'python-requests/2.31', clientIp: '203.0.113.6', path: '/wp-login.php?x=1', requests: 20, errors: 5 },
        { userAgent: GOOGLEBOT, clientIp: '66.249.66.1', path: '/products', requests: 5, errors: 0 },
      ],
      new Set(),
    );
    expect(s.requests).toBe(105);
    expect(s.byClass).toEqual([
      { key: 'human', requests: 50, clients: 2 },
      { key: 'verified_bot', requests: 5, clients: 1 },
      { key: 'likely_bot', requests: 0, clients: 0 },
      { key: 'automated', requests: 50, clients: 2 },
    ]);
    expect(s.byFamily.slice(0, 2)).toEqual([
      { key: 'Chrome', class: 'human', requests: 50 },
      { key: 'curl', class: 'automated', requests: 30 },
    ]);
    expect(s.byNetwork[0]).toEqual({ key: '203.0.113.0/24', requests: 50, clients: 2 });
    expect(s.topBotPaths[0]).toEqual({ key: '/wp-login.php', requests: 50 });
    expect(s.clients.map((c) => c.client_ip)).toEqual(['203.0.113.5', '203.0.113.6', '66.249.66.1']);
  });
});
