import { describe, expect, it } from 'vitest';
import { UNCATEGORISED, WEB_CATEGORIES, WEB_CATEGORY_GROUPS, WEB_CATEGORY_IDS, webCategoryById, webCategoryIdSchema } from './categories';
import { categoryName, categoryOfHost, parseSiteCategoryData, registrableDomain } from './categorise';
import { SITE_CATEGORY_DATA } from './site-categories';

const lines = parseSiteCategoryData(SITE_CATEGORY_DATA);
const allDomains = lines.flatMap((l) => l.domains);
const domainsOf = (category: string) => lines.filter((l) => l.category === category).flatMap((l) => l.domains);

/** The categories the product promises; each must exist and hold sites. */
const REQUIRED = [
  'social-networking', 'streaming-media', 'gambling', 'adult', 'news', 'shopping', 'games', 'file-sharing', 'ai-tools', 'malware', 'phishing',
  'search-engines', 'webmail', 'business', 'finance', 'banking', 'education', 'government', 'health', 'travel', 'sports', 'entertainment',
  'technology', 'software-updates', 'cloud-storage', 'collaboration', 'video-conferencing', 'advertising', 'analytics-tracking',
  'cdn-infrastructure', 'dating', 'weapons', 'drugs', 'alcohol-tobacco', 'job-search', 'real-estate', 'religion', 'politics',
  'proxy-anonymizer', 'peer-to-peer', 'crypto-mining', 'cryptocurrency', 'messaging', 'music', 'forums', 'blogs', 'kids', 'reference',
  'auto', 'food', 'fashion-beauty', 'hacking', 'parked-domains', 'newly-registered',
]; // prettier-ignore

/** Assigned from registration dates, so no listed domain may carry it. */
const NOT_LISTED = new Set(['newly-registered']);

describe('web categories', () => {
  it('has at least 45 categories, each id and name once, ids in kebab-case, each in a known group', () => {
    expect(WEB_CATEGORIES.length).toBeGreaterThanOrEqual(45);
    expect(new Set(WEB_CATEGORIES.map((c) => c.id)).size).toBe(WEB_CATEGORIES.length);
    expect(new Set(WEB_CATEGORIES.map((c) => c.name)).size).toBe(WEB_CATEGORIES.length);
    for (const c of WEB_CATEGORIES) {
      expect(c.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(WEB_CATEGORY_GROUPS).toContain(c.group);
      expect(c.description).toMatch(/^[A-Z].*\.$/);
    }
    expect(WEB_CATEGORY_IDS).toEqual(WEB_CATEGORIES.map((c) => c.id));
  });

  it('has every required category', () => {
    for (const id of REQUIRED) expect(webCategoryById(id), id).toBeDefined();
    expect(webCategoryById('social-networking')?.name).toBe('Social Networking');
  });

  it('keeps Uncategorised out of the list, as the name of no category', () => {
    expect(UNCATEGORISED).toEqual({ id: 'uncategorised', name: 'Uncategorised' });
    expect(webCategoryById('uncategorised')).toBeUndefined();
    expect(WEB_CATEGORIES.map((c) => c.name)).not.toContain(UNCATEGORISED.name);
  });

  it('validates category ids with the schema', () => {
    expect(webCategoryIdSchema.parse('gambling')).toBe('gambling');
    expect(webCategoryIdSchema.safeParse('uncategorised').success).toBe(false);
    expect(webCategoryIdSchema.safeParse('Gambling').success).toBe(false);
  });
});

describe('site list', () => {
  it('has at least 1,100 domains, each listed once', () => {
    expect(allDomains.length).toBeGreaterThanOrEqual(1100);
    const seen = new Set<string>();
    for (const d of allDomains) {
      expect(seen.has(d), `${d} listed twice`).toBe(false);
      seen.add(d);
    }
  });

  it('lists registrable domains only: lower-case, no subdomains, no IPs', () => {
    for (const d of allDomains) expect(registrableDomain(d), d).toBe(d);
  });

  it('uses one line per existing category', () => {
    for (const { category } of lines) expect(webCategoryById(category), category).toBeDefined();
    expect(new Set(lines.map((l) => l.category)).size).toBe(lines.length);
  });

  it('gives every category at least 3 domains, except the ones assigned from registration data', () => {
    for (const c of WEB_CATEGORIES) {
      if (NOT_LISTED.has(c.id)) expect(domainsOf(c.id), c.id).toHaveLength(0);
      else expect(domainsOf(c.id).length, c.id).toBeGreaterThanOrEqual(3);
    }
  });

  it('categorises the well-known sites', () => {
    const expected: Record<string, string> = {
      'facebook.com': 'social-networking', 'instagram.com': 'social-networking', 'twitter.com': 'social-networking', 'x.com': 'social-networking',
      'tiktok.com': 'social-networking', 'linkedin.com': 'social-networking', 'reddit.com': 'forums', 'youtube.com': 'streaming-media',
      'netflix.com': 'streaming-media', 'twitch.tv': 'streaming-media', 'spotify.com': 'music', 'chatgpt.com': 'ai-tools', 'openai.com': 'ai-tools',
      'claude.ai': 'ai-tools', 'anthropic.com': 'ai-tools', 'perplexity.ai': 'ai-tools', 'bet365.com': 'gambling', 'pokerstars.com': 'gambling',
      'pornhub.com': 'adult', 'xvideos.com': 'adult', 'bbc.co.uk': 'news', 'cnn.com': 'news', 'nytimes.com': 'news', 'amazon.com': 'shopping',
      'ebay.com': 'shopping', 'amazon.de': 'shopping', 'steampowered.com': 'games', 'roblox.com': 'games', 'dropbox.com': 'cloud-storage',
      'wetransfer.com': 'file-sharing', 'mega.nz': 'file-sharing', 'thepiratebay.org': 'peer-to-peer', 'google.com': 'search-engines',
      'bing.com': 'search-engines', 'duckduckgo.com': 'search-engines', 'wikipedia.org': 'reference', 'github.com': 'technology',
      'zoom.us': 'video-conferencing', 'slack.com': 'collaboration', 'doubleclick.net': 'advertising', 'wicar.org': 'malware',
      'internetbadguys.com': 'phishing', 'www.gov.uk': 'government',
    }; // prettier-ignore
    for (const [domain, category] of Object.entries(expected)) expect(categoryOfHost(domain), domain).toEqual({ category, domain });
  });
});

describe('registrableDomain', () => {
  it('reduces hosts and URLs to the registrable domain, lower-case, without root dot or port', () => {
    expect(registrableDomain('www.facebook.com')).toBe('facebook.com');
    expect(registrableDomain('https://news.bbc.co.uk/path?q')).toBe('bbc.co.uk');
    expect(registrableDomain('WWW.Reddit.COM.')).toBe('reddit.com');
    expect(registrableDomain(' shop.Amazon.de:8443 ')).toBe('amazon.de');
    expect(registrableDomain('someone.blogspot.com')).toBe('blogspot.com');
  });

  it('is null for IP addresses and names without a registrable domain', () => {
    for (const host of ['192.168.1.1', '8.8.8.8', '2001:db8::1', '[2001:db8::1]', 'https://[::1]:8443/', 'localhost', 'co.uk', ''])
      expect(registrableDomain(host), host).toBeNull();
  });
});

describe('categoryOfHost', () => {
  it('categorises subdomains and URLs by their registrable domain', () => {
    expect(categoryOfHost('www.facebook.com')).toEqual({ category: 'social-networking', domain: 'facebook.com' });
    expect(categoryOfHost('m.facebook.com')).toEqual({ category: 'social-networking', domain: 'facebook.com' });
    expect(categoryOfHost('https://news.bbc.co.uk/path?q')).toEqual({ category: 'news', domain: 'bbc.co.uk' });
    expect(categoryOfHost('WWW.Reddit.COM.')).toEqual({ category: 'forums', domain: 'reddit.com' });
    expect(categoryOfHost('malware.wicar.org')).toEqual({ category: 'malware', domain: 'wicar.org' });
  });

  it('does not let a lookalike domain borrow a listed one’s category', () => {
    expect(categoryOfHost('evilfacebook.com').category).toBe('uncategorised');
    expect(categoryOfHost('facebook.com.example-unknown-site.com').category).toBe('uncategorised');
  });

  it('is uncategorised for unknown domains and IP addresses', () => {
    expect(categoryOfHost('example-unknown-site.com')).toEqual({ category: 'uncategorised', domain: 'example-unknown-site.com' });
    expect(categoryOfHost('203.0.113.7')).toEqual({ category: 'uncategorised', domain: null });
    expect(categoryOfHost('2001:db8::1')).toEqual({ category: 'uncategorised', domain: null });
  });

  it('looks up 100,000 hosts without a per-lookup scan (100,000 in well under 5 s, even on a loaded machine)', () => {
    const hosts = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? `cdn${i}.${allDomains[i % allDomains.length]}` : `host${i}.example-unknown-site.com`));
    categoryOfHost('warm.up.example.com');
    const start = performance.now();
    let known = 0;
    for (const h of hosts) if (categoryOfHost(h).category !== 'uncategorised') known++;
    expect(performance.now() - start).toBeLessThan(5000);
    expect(known).toBe(50_000);
  });
});

describe('categoryName', () => {
  it('names categories, Uncategorised, and falls back to the id', () => {
    expect(categoryName('social-networking')).toBe('Social Networking');
    expect(categoryName('uncategorised')).toBe('Uncategorised');
    expect(categoryName('no-such-category')).toBe('no-such-category');
  });
});
