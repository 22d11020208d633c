import { describe, expect, it } from 'vitest';
import { configDocumentSchema, statusSnapshotSchema, webFilterSectionSchema, type StatusSnapshot, type WebFilterSection } from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import { gatewayProfile } from './profiles';
import { mulberry32 } from './prng';
import { urlEventsFor } from './url-events';
import { WebFilterTimeline } from './web-filter-timeline';
import type { BrowsingRequest } from './browsing';

const POLICY_ID = '6f1c2a9e-4b7d-4c1e-9a55-0d3f8e2b7c10';
const anna = 'anna@acme.test';
const T0 = Date.UTC(2026, 2, 4, 14);

const section = (patch: Partial<WebFilterSection> = {}): WebFilterSection =>
  webFilterSectionSchema.parse({
    enabled: true,
    default_action: 'block',
    policies: [{ id: POLICY_ID, order: 1, name: 'No social at work', applies_to: { users: [anna] }, blocked_categories: ['social-networking'] }],
    ...patch,
  });
const docWith = (webFilter: WebFilterSection | undefined) =>
  configDocumentSchema.parse({
    interfaces: { lan: [{ name: 'lan1', ip: '192.168.1.1', prefix: 24 }], wan: [{ name: 'wan1', mode: 'dhcp' }] },
    web_filter: webFilter,
  });

const request = (atMs: number, host: string): BrowsingRequest => ({
  atMs,
  via: 'agent',
  client_ip: '192.168.1.20',
  user: anna,
  method: 'GET',
  scheme: 'https',
  host,
  path: '/',
  status: 200,
  bytes: 50_000,
  elapsed_ms: 120,
  content_type: 'text/html',
  server_ip: '157.240.1.35',
});

/** A gateway on its own clock running `doc`; its requests are decided as the device decides them (the filter that ran then). */
function gatewayRunning(doc: ReturnType<typeof docWith>) {
  let now = T0;
  const gw = new GatewayBehaviour(gatewayProfile(mulberry32(3), 0), mulberry32(1), undefined, null, () => now);
  const filters = new WebFilterTimeline();
  const run = (d: ReturnType<typeof docWith>) => {
    gw.configure(d);
    filters.ran(d.web_filter, now);
  };
  run(doc);
  const browse = (...hosts: string[]) => {
    now += 1000;
    gw.urlDecided(
      urlEventsFor(
        hosts.map((h, i) => request(now + i, h)),
        filters,
        { deviceId: null, deviceGroupId: null },
      ),
    );
  };
  const status = (d = doc) => {
    const s = gw.statusSnapshot('url_filter', d, () => undefined) as Extract<StatusSnapshot, { kind: 'url_filter' }>;
    expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
    return s;
  };
  return { gw, browse, status, run };
}

describe("a simulated gateway's URL filter status follows its web_filter section", () => {
  it('is off without the section', () => {
    expect(gatewayRunning(docWith(undefined)).status()).toEqual({ kind: 'url_filter', enabled: false, entries: [] });
  });

  it('is on with the default action and policy count, and counts its decisions by category and action', () => {
    const { browse, status } = gatewayRunning(docWith(section()));
    browse('www.facebook.com', 'www.facebook.com', 'en.wikipedia.org');
    const s = status();
    expect(s).toMatchObject({ enabled: true, default_action: 'block', policies: 1 });
    expect(s.entries[0]).toEqual({ category: 'social-networking', action: 'block', hits: 2 });
    expect(s.entries.reduce((n, e) => n + e.hits, 0)).toBe(3);
  });

  it('says off with the settings it holds when the tenant switched filtering off, and counts nothing', () => {
    const off = docWith(section({ enabled: false, default_action: 'allow', policies: [] }));
    const { browse, status } = gatewayRunning(off);
    browse('www.facebook.com');
    expect(status(off)).toEqual({ kind: 'url_filter', enabled: false, default_action: 'allow', policies: 0, entries: [] });
  });

  it('starts counting afresh when a different section is applied, and keeps counting when the same one is pushed again', () => {
    const first = docWith(section());
    const { browse, status, run } = gatewayRunning(first);
    browse('www.facebook.com');
    run(docWith(section()));
    browse('www.facebook.com');
    expect(status().entries).toEqual([{ category: 'social-networking', action: 'block', hits: 2 }]);
    const allowAll = docWith(section({ default_action: 'allow', policies: [] }));
    run(allowAll);
    expect(status(allowAll)).toMatchObject({ default_action: 'allow', policies: 0, entries: [] });
    browse('www.facebook.com');
    expect(status(allowAll).entries).toEqual([{ category: 'social-networking', action: 'allow', hits: 1 }]);
  });
});
