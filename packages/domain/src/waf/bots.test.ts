import { describe, expect, it } from 'vitest';
import { classifyClient, summariseBots } from './bots';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('what kind of client sent a request', () => {
  it('tells people, crawlers verified by their published ranges, other crawlers and automation apart', () => {
    expect(classifyClient({ userAgent: CHROME, clientIp: '198.51.100.7' })).toEqual({ class: 'human', family: 'Chrome' });
    expect(classifyClient({ userAgent: GOOGLEBOT, clientIp: '66.249.66.1' })).toEqual({ class: 'verified_bot', family: 'Googlebot' });
    // Googlebot's user agent from an address that is not Google's: a crawler pretending.
    expect(classifyClient({ userAgent: GOOGLEBOT, clientIp: '45.155.205.233' })).toEqual({ class: 'likely_bot', family: 'Googlebot' });
    expect(classifyClient({ userAgent: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', clientIp: '1.2.3.4' })).toEqual({
      class: 'likely_bot',
      family: 'AhrefsBot',
    });
    expect(classifyClient({ userAgent: 'curl/8.5.0', clientIp: '1.2.3.4' })).toEqual({ class: 'automated', family: 'curl' });
    expect(classifyClient({ userAgent: 'sqlmap/1.7.2#stable (https://sqlmap.org)', clientIp: '1.2.3.4' }).class).toBe('automated');
    expect(classifyClient({ userAgent: CHROME.replace('Chrome/', 'HeadlessChrome/'), clientIp: '1.2.3.4' })).toEqual({
      class: 'automated',
      family: 'Chrome Headless',
    });
    expect(classifyClient({ userAgent: null, clientIp: '1.2.3.4' })).toEqual({ class: 'automated', family: 'No user agent' });
    // A browser's user agent that never ran the challenge's script is a script wearing one.
    expect(classifyClient({ userAgent: CHROME, clientIp: '1.2.3.4', failedChallenge: true })).toEqual({ class: 'automated', family: 'Chrome' });
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
