import { describe, expect, it } from 'vitest';
import { categoryOfHost, configDocumentSchema, statusSnapshotSchema, type StatusSnapshot } from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';
import { applyConfig, MODEL_LIMITS } from './running-config';
import { BLOCK_PAGE_BYTES } from './status-model-url-filter';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const interfaces = {
  lan: [
    { name: 'lan1', ip: '192.168.1.1', prefix: 24 },
    { name: 'lan2', ip: '192.168.2.1', prefix: 24 },
  ],
  wan: [{ name: 'wan1', mode: 'dhcp' }],
};
const services = {
  dhcp: [
    { id: id(1), interface: 'lan1', start: '192.168.1.100', end: '192.168.1.199' },
    { id: id(2), interface: 'lan2', start: '192.168.2.100', end: '192.168.2.199' },
  ],
};
const content_filter = {
  categories: [
    { category: 'streaming-media', action: 'block' },
    { category: 'social-networking', action: 'monitor' },
    { category: 'reference', action: 'allow' },
  ],
  blocked_urls: ['github.com'],
  allowed_urls: ['www.netflix.com'],
};
const doc = (url_filter: Record<string, unknown>) => configDocumentSchema.parse({ interfaces, services, content_filter, url_filter });

/** A gateway whose links never fail, a working day old: its LAN clients have visited their sites. */
function gateway() {
  let now = Date.parse('2026-03-02T06:00:00Z');
  const flaps: FlapRules = { linkDownChance: 0, linkDownTicks: [50, 50], outageChance: 0, outageTicks: [1, 1] };
  const gw = new GatewayBehaviour(gatewayProfile(mulberry32(3), 0), mulberry32(4), flaps, null, () => now);
  const run = (d: ReturnType<typeof doc>) => {
    gw.configure(d);
    for (let i = 0; i < 48; i++) {
      now += 15 * 60_000;
      gw.heartbeat(new Date(now), null);
    }
  };
  const snapshot = <K extends 'url_filter' | 'url_tracking' | 'usage'>(kind: K, d: ReturnType<typeof doc>) => {
    const s = gw.statusSnapshot(kind, d, () => undefined) as Extract<StatusSnapshot, { kind: K }>;
    expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
    return s;
  };
  return { run, snapshot };
}

const blockedSites = (tracking: Extract<StatusSnapshot, { kind: 'url_tracking' }>) =>
  [...new Set(tracking.entries.filter((e) => e.blocked).map((e) => `${e.client} ${e.host}`))].sort();

describe("a simulated gateway's own URL filter (Content Filtering and URL Filtering)", () => {
  it("blocks the visits of the filtered LAN's clients by category and URL, an allowed URL beating its category, an exempt client untouched", () => {
    const g = gateway();
    const running = doc({ interfaces: ['lan1', 'lan2'], exempt_clients: ['192.168.2.102'] });
    g.run(running);
    const tracking = g.snapshot('url_tracking', running);
    const blocked = blockedSites(tracking);
    expect(blocked.length).toBeGreaterThan(0);
    for (const visit of tracking.entries) {
      const filtered = visit.client !== '192.168.2.102';
      const streaming = categoryOfHost(visit.host).category === 'streaming-media' && visit.host !== 'www.netflix.com';
      expect({ visit: `${visit.client} ${visit.host}`, blocked: visit.blocked }).toEqual({
        visit: `${visit.client} ${visit.host}`,
        blocked: filtered && (streaming || visit.host === 'github.com'),
      });
    }
    expect(blocked).toContain('192.168.2.100 www.youtube.com');
    // A blocked visit got the block page, not the video.
    for (const visit of tracking.entries.filter((e) => e.blocked)) expect(visit.bytes).toBe(visit.hits * BLOCK_PAGE_BYTES);
    expect(blocked).not.toContain('192.168.2.102 www.youtube.com');
    expect(blocked).not.toContain('192.168.1.101 www.netflix.com');
    expect(tracking.entries.map((e) => `${e.client} ${e.host}`)).toEqual(
      expect.arrayContaining(['192.168.2.102 www.youtube.com', '192.168.1.101 www.netflix.com']),
    );
  });

  it("takes what a blocked visit would have downloaded off its client's usage", () => {
    const filtering = gateway();
    const running = doc({ interfaces: ['lan2'] });
    filtering.run(running);
    const unfiltered = gateway();
    const off = doc({ enabled: false, interfaces: ['lan2'] });
    unfiltered.run(off);
    const rx = (g: ReturnType<typeof gateway>, d: ReturnType<typeof doc>) =>
      Object.fromEntries(g.snapshot('usage', d).entries.map((u) => [u.client, u.rx_bytes]));
    const saved = (client: string) =>
      unfiltered
        .snapshot('url_tracking', off)
        .entries.filter((e) => e.client === client)
        .reduce((n, e) => n + e.bytes, 0) -
      filtering
        .snapshot('url_tracking', running)
        .entries.filter((e) => e.client === client)
        .reduce((n, e) => n + e.bytes, 0);
    const before = rx(unfiltered, off);
    const after = rx(filtering, running);
    expect(saved('192.168.2.100')).toBeGreaterThan(0);
    for (const client of Object.keys(before)) expect(after[client]).toBe(before[client]! - saved(client));
    expect(after['192.168.1.100']).toBe(before['192.168.1.100']);
  });

  it("lists each configured category's action with the filtered visits to its sites, and how the filter runs", () => {
    const g = gateway();
    const running = doc({ interfaces: ['lan1'], safesearch: true });
    g.run(running);
    const tracking = g.snapshot('url_tracking', running);
    const hitsOf = (category: string) =>
      tracking.entries.filter((e) => e.client.startsWith('192.168.1.') && categoryOfHost(e.host).category === category).reduce((n, e) => n + e.hits, 0);
    const status = g.snapshot('url_filter', running);
    expect(status).toMatchObject({ enabled: true, gateway: { interfaces: ['lan1'], safesearch: true, log_allowed: false } });
    expect(status.entries).toEqual([
      { category: 'streaming-media', action: 'block', hits: hitsOf('streaming-media'), source: 'gateway' },
      { category: 'social-networking', action: 'monitor', hits: hitsOf('social-networking'), source: 'gateway' },
      { category: 'reference', action: 'allow', hits: hitsOf('reference'), source: 'gateway' },
    ]);
    expect(hitsOf('streaming-media')).toBeGreaterThan(0);
  });

  it('blocks nothing and reports the filter off when URL Filtering is switched off', () => {
    const g = gateway();
    const off = doc({ enabled: false, interfaces: ['lan1'] });
    g.run(off);
    expect(g.snapshot('url_tracking', off).entries.length).toBeGreaterThan(0);
    expect(blockedSites(g.snapshot('url_tracking', off))).toEqual([]);
    expect(g.snapshot('url_filter', off)).toEqual({ kind: 'url_filter', enabled: false, entries: [] });
  });

  it('refuses, in its own words, more URL rules than its table holds', () => {
    const urls = Array.from({ length: MODEL_LIMITS.urlRules + 1 }, (_, i) => `site${i}.example.com`);
    const outcome = applyConfig({ document: { interfaces, content_filter: { blocked_urls: urls.slice(0, 300), allowed_urls: urls.slice(300) } } });
    expect(outcome).toEqual({
      ok: false,
      error: `content_filter: this gateway holds at most ${MODEL_LIMITS.urlRules} URL rules, blocked and allowed together (${MODEL_LIMITS.urlRules + 1} given)`,
    });
    expect(applyConfig({ document: { interfaces, content_filter: { blocked_urls: urls.slice(0, 300) } } })).toMatchObject({ ok: true });
  });
});
