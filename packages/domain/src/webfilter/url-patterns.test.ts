import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hostSuffixes, ipRuleRange, isIpRule, isTestableUrl, isUrlPattern, parseUrlPattern, requestUrlOf, urlPatternMatches } from './url-patterns';
import { testUrlBodySchema } from './api';

/** Whether a pattern, as an admin types it, matches a URL as a request names it. */
function matches(pattern: string, url: string): boolean {
  const p = parseUrlPattern(pattern);
  const u = requestUrlOf(url);
  if (!p || !u) throw new Error(`unparsable: ${pattern} / ${url}`);
  return urlPatternMatches(p, u);
}

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/)).map(([ls, tld]) => [...ls, tld].join('.'));
const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/);
const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`);

describe('custom URL patterns', () => {
  it('a domain matches itself and every subdomain, nothing else', () => {
    expect(matches('example.com', 'example.com')).toBe(true);
    expect(matches('example.com', 'www.example.com')).toBe(true);
    expect(matches('example.com', 'https://a.b.example.com/x')).toBe(true);
    expect(matches('example.com', 'notexample.com')).toBe(false);
    expect(matches('example.com', 'example.com.evil.net')).toBe(false);
    expect(matches('www.example.com', 'example.com')).toBe(false);
  });

  it('*.domain matches the subdomains only', () => {
    expect(matches('*.example.com', 'www.example.com')).toBe(true);
    expect(matches('*.example.com', 'a.b.example.com')).toBe(true);
    expect(matches('*.example.com', 'example.com')).toBe(false);
  });

  it('a path rule matches that path and below it, never a longer name', () => {
    expect(matches('example.com/docs', 'example.com/docs')).toBe(true);
    expect(matches('example.com/docs', 'example.com/docs/a/b')).toBe(true);
    expect(matches('example.com/docs', 'example.com/docs?x=1')).toBe(true);
    expect(matches('example.com/docs', 'example.com/docs#top')).toBe(true);
    expect(matches('example.com/docs', 'www.example.com/docs/')).toBe(true);
    expect(matches('example.com/docs', 'example.com/docsearch')).toBe(false);
    expect(matches('example.com/docs', 'example.com/')).toBe(false);
    expect(matches('example.com/docs', 'example.com')).toBe(false);
    // The path compares with case, as servers do.
    expect(matches('example.com/docs', 'example.com/Docs')).toBe(false);
  });

  it('a trailing slash, a query or a fragment in the pattern does not narrow it', () => {
    expect(parseUrlPattern('example.com/docs/')).toEqual({ host: 'example.com', subdomainsOnly: false, path: '/docs' });
    expect(parseUrlPattern('example.com/?q=1')).toEqual({ host: 'example.com', subdomainsOnly: false, path: '' });
    expect(parseUrlPattern('example.com/docs#intro')).toEqual({ host: 'example.com', subdomainsOnly: false, path: '/docs' });
  });

  it('scheme and port are ignored, the host compares without case', () => {
    expect(parseUrlPattern('HTTPS://*.Example.COM:8443/Docs')).toEqual({ host: 'example.com', subdomainsOnly: true, path: '/Docs' });
    expect(matches('http://example.com:8080', 'https://EXAMPLE.com:443/any')).toBe(true);
    expect(matches('Example.COM', 'ftp://www.example.com')).toBe(true);
  });

  it('a request URL gives its host without user, port or trailing dot', () => {
    expect(requestUrlOf('https://bob:pw@WWW.Example.com.:8443/a?b')).toEqual({ host: 'www.example.com', path: '/a?b' });
    expect(requestUrlOf('example.com')).toEqual({ host: 'example.com', path: '/' });
    expect(requestUrlOf('example.com?q')).toEqual({ host: 'example.com', path: '/?q' });
    expect(requestUrlOf('   ')).toBeNull();
  });

  it('reads any text as the plain regular expressions of the URL grammar do (property)', () => {
    // The reading the hand-written parser replaces: scheme, the host up to / ? #, no user, no port, no root dot.
    const byRegex = (value: string) => {
      const text = value.trim();
      if (text === '') return null;
      const rest = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
      const cut = rest.search(/[/?#]/);
      const hostPort = (cut < 0 ? rest : rest.slice(0, cut)).replace(/^[^@]*@/, '');
      const host = hostPort.replace(/:\d*$/, '').replace(/\.$/, '').toLowerCase();
      if (host === '' || /\s/.test(host)) return null;
      const path = cut < 0 ? '/' : rest.slice(cut);
      return { host, path: path.startsWith('/') ? path : `/${path}` };
    };
    const piece = fc.constantFrom(
      'http://',
      'HTTPS://',
      'a+b.c-d://',
      '1x://',
      ':',
      '//',
      '@',
      'user:pw@',
      ':8080',
      ':',
      '.',
      '/',
      '?',
      '#',
      ' ',
      'Ex',
      'a.b',
      '9',
      '-',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 8 }), (parts) => {
        const url = parts.join('');
        expect(requestUrlOf(url)).toEqual(byRegex(url));
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses what is not a pattern', () => {
    for (const bad of [
      '',
      'example',
      'exa mple.com',
      '*example.com',
      'a.*.example.com',
      'ftp://example.com',
      'example.com:99999',
      '-a.example.com',
      'example.c0m',
    ]) {
      expect(isUrlPattern(bad), bad).toBe(false);
      expect(parseUrlPattern(bad), bad).toBeNull();
    }
    for (const good of ['example.com', ' example.com ', '*.example.com', 'https://example.com/a/b?c=d', 'example.com:8080/x'])
      expect(isUrlPattern(good), good).toBe(true);
  });

  it('lists a host and its parents, most specific first', () => {
    expect(hostSuffixes('a.b.example.com')).toEqual(['a.b.example.com', 'b.example.com', 'example.com', 'com']);
    expect(hostSuffixes('localhost')).toEqual(['localhost']);
  });

  it('a wildcard never matches its own domain and matches any subdomain (property)', () => {
    fc.assert(
      fc.property(domain, label, (d, sub) => {
        expect(matches(`*.${d}`, d)).toBe(false);
        expect(matches(`*.${d}`, `${sub}.${d}`)).toBe(true);
        expect(matches(d, `${sub}.${d}`)).toBe(true);
      }),
    );
  });

  it('a path rule matches the path and below, never the path with more characters (property)', () => {
    fc.assert(
      fc.property(domain, path, path, segment, (d, p, below, extra) => {
        expect(matches(`${d}${p}`, `${d}${p}`)).toBe(true);
        expect(matches(`${d}${p}`, `${d}${p}${below}`)).toBe(true);
        expect(matches(`${d}${p}`, `${d}${p}${extra}`)).toBe(false);
      }),
    );
  });
});

describe('IP rules', () => {
  it('an address covers itself', () => {
    expect(ipRuleRange('10.1.2.3')).toEqual([0x0a010203, 0x0a010203]);
  });

  it('a subnet covers its whole block, whatever host bits it is written with', () => {
    expect(ipRuleRange('192.168.1.0/24')).toEqual([0xc0a80100, 0xc0a801ff]);
    expect(ipRuleRange('192.168.1.77/24')).toEqual([0xc0a80100, 0xc0a801ff]);
    expect(ipRuleRange('10.0.0.5/32')).toEqual([0x0a000005, 0x0a000005]);
    expect(ipRuleRange('0.0.0.0/0')).toEqual([0, 0xffffffff]);
    // The top half of the space: no sign bit trouble.
    expect(ipRuleRange('200.0.0.0/1')).toEqual([0x80000000, 0xffffffff]);
  });

  it('a range covers both ends and between', () => {
    expect(ipRuleRange('10.0.0.250-10.0.1.5')).toEqual([0x0a0000fa, 0x0a000105]);
    expect(ipRuleRange(' 10.0.0.1 ')).toEqual([0x0a000001, 0x0a000001]);
  });

  it('refuses what is not an address rule', () => {
    for (const bad of ['', '10.0.0', '10.0.0.256', '10.0.0.0/33', '10.0.0.9-10.0.0.1', 'example.com']) {
      expect(isIpRule(bad), bad).toBe(false);
      expect(ipRuleRange(bad), bad).toBeNull();
    }
  });
});

describe('a URL to test', () => {
  it('is a domain or an IPv4 address, with an optional scheme, port and path', () => {
    for (const ok of ['https://www.facebook.com/', 'facebook.com', 'http://10.1.2.3:8080/admin', 'store.steampowered.com/app/1?x=1', 'WWW.Example.COM.']) {
      expect(isTestableUrl(ok), ok).toBe(true);
    }
  });

  it('is never free text, a bare word or a scheme without a host', () => {
    for (const bad of ['not a url', 'facebook', 'https://', 'https:// example.com', 'ftp//x', '', '  ', 'http://exa_mple.com/']) {
      expect(isTestableUrl(bad), bad).toBe(false);
    }
  });

  it('the request schema says what to type instead', () => {
    const r = testUrlBodySchema.safeParse({ url: 'not a url' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['url', 'Enter a web address, such as https://www.example.com/page or example.com'],
    ]);
    expect(testUrlBodySchema.safeParse({ url: ' ' }).error?.issues.map((i) => i.message)).toEqual(['Field is required']);
  });
});
