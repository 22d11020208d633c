import { describe, expect, it } from 'vitest';
import { categoryOfHost, registrableDomain, UNCATEGORISED } from '@netloom/domain';
import { browsingFor, type BrowsingInput, type BrowsingRequest } from './browsing';
import { sitesOf, unknownSites } from './browsing-sites';
import { EndpointBehaviour } from './endpoint-behaviour';
import { GatewayBehaviour } from './gateway-behaviour';
import { mulberry32 } from './prng';
import { endpointProfile, gatewayProfile } from './profiles';

/** An office of 30 people near Greenwich, so the UTC hour is the local one. */
const office = (hourUtc: number, patch: Partial<BrowsingInput> = {}): BrowsingInput => ({
  at: new Date(Date.UTC(2025, 2, 4, hourUtc)),
  intervalS: 3600,
  lng: 0,
  lat: 51.5,
  clients: Array.from({ length: 30 }, (_, i) => ({ ip: `10.1.0.${100 + i}`, user: `user${i}@acme.test` })),
  via: 'agent',
  seed: 'NL-GW-0001',
  ...patch,
});

/** The pages people opened (and a few error pages), not what those pages fetched. */
const pages = (requests: readonly BrowsingRequest[]) => requests.filter((r) => r.content_type === 'text/html');

function shares(requests: readonly BrowsingRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const { category } = categoryOfHost(r.host);
    counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  return new Map([...counts].map(([c, n]) => [c, n / requests.length]));
}

describe('the browsing model', () => {
  const day = browsingFor(office(14), mulberry32(1));
  const evening = browsingFor(office(21), mulberry32(1));

  it('is the same for the same seed, and another one for another seed', () => {
    expect(browsingFor(office(14), mulberry32(1))).toEqual(day);
    expect(browsingFor(office(14), mulberry32(2))).not.toEqual(day);
  });

  it('visits the popular categories, work sites by day and streaming and social networks in the evening', () => {
    const byDay = shares(pages(day));
    const byEvening = shares(pages(evening));
    for (const category of ['search-engines', 'social-networking', 'streaming-media', 'news', 'shopping', 'ai-tools', 'collaboration']) {
      expect(byDay.get(category), category).toBeGreaterThan(0.01);
    }
    expect(byDay.get('search-engines')).toBeGreaterThan(0.08);
    const fun = (s: Map<string, number>) => (s.get('streaming-media') ?? 0) + (s.get('social-networking') ?? 0);
    const work = (s: Map<string, number>) => (s.get('collaboration') ?? 0) + (s.get('business') ?? 0) + (s.get('ai-tools') ?? 0);
    expect(fun(byEvening)).toBeGreaterThan(1.5 * fun(byDay));
    expect(work(byDay)).toBeGreaterThan(2 * work(byEvening));
  });

  it('goes to gambling and adult sites rarely', () => {
    const all = shares(pages([...day, ...evening]));
    expect((all.get('gambling') ?? 0) + (all.get('adult') ?? 0)).toBeLessThan(0.02);
  });

  it('visits popular sites most: the top of a category list draws more than its tail', () => {
    const social = sitesOf('social-networking');
    const domains = pages([...day, ...evening]).map((r) => registrableDomain(r.host));
    const head = domains.filter((d) => social.slice(0, 5).includes(d!)).length;
    const tail = domains.filter((d) => social.slice(-20).includes(d!)).length;
    expect(head).toBeGreaterThan(3 * tail);
  });

  it('sends about 5 % of visits to the same few domains the site list does not know', () => {
    const visited = pages(day);
    const unknown = visited.filter((r) => categoryOfHost(r.host).category === UNCATEGORISED.id);
    expect(unknown.length / visited.length).toBeGreaterThan(0.02);
    expect(unknown.length / visited.length).toBeLessThan(0.09);
    const names = new Set(unknown.map((r) => registrableDomain(r.host)));
    expect([...names].sort()).toEqual([...new Set(unknownSites('NL-GW-0001'))].sort());
    // Plausible names, the same on every run for the device, others for another device.
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+\.[a-z.]+$/);
    expect(unknownSites('NL-GW-0001')).toEqual(unknownSites('NL-GW-0001'));
    expect(unknownSites('NL-GW-0002')).not.toEqual(unknownSites('NL-GW-0001'));
  });

  it('follows the working day: far more at 2 pm than at 3 am', () => {
    const night = browsingFor(office(3), mulberry32(1));
    expect(pages(day).length).toBeGreaterThan(4 * pages(night).length);
  });

  it('looks like web traffic: mostly GETs with some POSTs, mostly 200s, sizes and timings, sorted within the interval', () => {
    const methods = new Map<string, number>();
    for (const r of day) methods.set(r.method, (methods.get(r.method) ?? 0) + 1);
    expect(methods.get('GET')! / day.length).toBeGreaterThan(0.7);
    expect(methods.get('POST')! / day.length).toBeGreaterThan(0.03);
    expect(day.filter((r) => r.status === 200).length / day.length).toBeGreaterThan(0.6);
    expect([...new Set(day.map((r) => r.content_type))]).toEqual(expect.arrayContaining(['text/html', 'application/json', 'image/webp', 'video/mp4', null]));
    const end = office(14).at.getTime();
    const odd = day.filter(
      (r, i) => r.atMs < end - 3600_000 || r.atMs >= end || r.atMs < (day[i - 1]?.atMs ?? 0) || !r.path.startsWith('/') || !(r.elapsed_ms > 0),
    );
    expect(odd).toEqual([]);
    // A 304 sends no body; a page and a video segment are what they are.
    expect(day.filter((r) => r.status === 304).every((r) => r.bytes === 0)).toBe(true);
    expect(Math.max(...day.filter((r) => r.content_type === 'video/mp4').map((r) => r.bytes))).toBeGreaterThan(1_000_000);
  });

  it('through a proxy: https as one CONNECT per host with its bytes, plain http request by request', () => {
    const proxied = browsingFor(office(14, { via: 'proxy' }), mulberry32(1));
    const connects = proxied.filter((r) => r.method === 'CONNECT');
    expect(connects.length / proxied.length).toBeGreaterThan(0.8);
    for (const r of connects) expect(r).toMatchObject({ scheme: 'https', path: '/', status: 200, content_type: null, via: 'proxy' });
    const plain = proxied.filter((r) => r.method !== 'CONNECT');
    expect(plain.length).toBeGreaterThan(0);
    for (const r of plain) expect(r.scheme).toBe('http');
    expect(new Set(proxied.map((r) => r.client_ip))).toEqual(new Set(office(14).clients.map((c) => c.ip)));
  });
});

describe('who browses on each kind of device', () => {
  const at = new Date(Date.UTC(2025, 2, 4, 12));

  it('an endpoint: its signed-in user at its tunnel address, seen by the agent', () => {
    const profile = endpointProfile(mulberry32(5), 0, 'acme.test');
    const requests = new EndpointBehaviour(profile, mulberry32(2), null).browse(at, 3600);
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r).toMatchObject({ via: 'agent', user: profile.user, client_ip: profile.vpnIp });
  });

  it('a gateway: its LAN hosts through its explicit proxy, users unknown (the proxy does not authenticate)', () => {
    const requests = new GatewayBehaviour(gatewayProfile(mulberry32(3), 0), mulberry32(1)).browse(at, 3600);
    const hosts = new Set(requests.map((r) => r.client_ip));
    expect(hosts.size).toBeGreaterThan(3);
    for (const r of requests) expect(r).toMatchObject({ via: 'proxy', user: null });
    for (const ip of hosts) expect(ip).toMatch(/^192\.168\./);
  });
});
