import { describe, expect, it } from 'vitest';
import { urlEventSchema, urlEventsMessageSchema, webFilterSectionSchema, type UrlEventsMessage } from '@netloom/domain';
import { browsingFor, type BrowsingRequest } from './browsing';
import { mulberry32 } from './prng';
import { urlEventsFor } from './url-events';
import { urlEventExporter } from './url-export';
import { WebFilterTimeline } from './web-filter-timeline';

const POLICY_ID = '6f1c2a9e-4b7d-4c1e-9a55-0d3f8e2b7c10';
const anna = 'anna@acme.test';

/** The tenant's filter as the server would put it in a device's document: social networks blocked for Anna. */
const noSocialForAnna = webFilterSectionSchema.parse({
  enabled: true,
  default_action: 'allow',
  policies: [{ id: POLICY_ID, order: 1, name: 'No social at work', applies_to: { users: [anna] }, blocked_categories: ['social-networking'] }],
});
const noPolicies = webFilterSectionSchema.parse({ enabled: true, default_action: 'allow', policies: [] });

const T0 = Date.UTC(2025, 2, 4, 14);

const request = (atMs: number, host: string, user: string | null = anna, patch: Partial<BrowsingRequest> = {}): BrowsingRequest => ({
  atMs,
  via: 'agent',
  client_ip: '100.64.0.7',
  user,
  method: 'GET',
  scheme: 'https',
  host,
  path: '/feed',
  status: 200,
  bytes: 120_000,
  elapsed_ms: 180,
  content_type: 'text/html',
  server_ip: '157.240.1.35',
  ...patch,
});

const device = { deviceId: '0b8e4f7a-2c1d-4e5f-8a9b-1c2d3e4f5a6b', deviceGroupId: null };

function timeline(...entries: [number, typeof noSocialForAnna | null][]): WebFilterTimeline {
  const t = new WebFilterTimeline();
  for (const [atMs, section] of entries) t.ran(section, atMs);
  return t;
}

describe('URL events: each request decided by the web filter the device ran', () => {
  it("blocks the user's blocked category with the block page, naming the policy; others and other users go through", () => {
    const events = urlEventsFor(
      [request(T0 + 1, 'www.facebook.com'), request(T0 + 2, 'en.wikipedia.org'), request(T0 + 3, 'www.facebook.com', 'bob@acme.test')],
      timeline([T0, noSocialForAnna]),
      device,
    );
    expect(events[0]).toMatchObject({
      host: 'www.facebook.com',
      user: anna,
      action: 'blocked',
      rule: 'category-block',
      category: 'social-networking',
      matched: 'social-networking',
      policy_id: POLICY_ID,
      policy_name: 'No social at work',
      status: 403,
      content_type: 'text/html',
      via: 'agent',
    });
    expect(events[0]!.bytes).toBeLessThan(5_000);
    expect(events[1]).toMatchObject({ action: 'allowed', rule: 'default', category: 'reference', policy_id: null, status: 200, bytes: 120_000 });
    expect(events[2]).toMatchObject({ action: 'allowed', user: 'bob@acme.test', status: 200 });
  });

  it('decides by the filter running when the request was made: blocked after the push, allowed again after the next', () => {
    const pushes = timeline([T0, noSocialForAnna], [T0 + 60_000, noPolicies]);
    const at = [T0 + 30_000, T0 + 59_999, T0 + 60_000, T0 + 90_000];
    const events = urlEventsFor(
      at.map((t) => request(t, 'www.facebook.com')),
      pushes,
      device,
    );
    expect(events.map((e) => [e.action, e.status])).toEqual([
      ['blocked', 403],
      ['blocked', 403],
      ['allowed', 200],
      ['allowed', 200],
    ]);
  });

  it('reports nothing made while the device ran no web filter; a filter switched off lets everything through, reported', () => {
    const off = webFilterSectionSchema.parse({ ...noSocialForAnna, enabled: false });
    const events = urlEventsFor(
      [request(T0 - 1, 'www.facebook.com'), request(T0 + 1, 'www.facebook.com'), request(T0 + 60_001, 'www.facebook.com')],
      timeline([T0, off], [T0 + 60_000, null]),
      device,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'allowed', rule: 'filter-off', status: 200 });
  });

  it("gives events that hold the agent protocol's schema, from a gateway's proxy and an endpoint's agent", () => {
    const clients = [
      { ip: '192.168.10.100', user: null },
      { ip: '192.168.10.101', user: anna },
    ];
    for (const via of ['proxy', 'agent'] as const) {
      const requests = browsingFor({ at: new Date(T0 + 600_000), intervalS: 600, lng: 0, clients, via, seed: 'NL-GW-0001' }, mulberry32(4));
      const events = urlEventsFor(requests, timeline([T0, noSocialForAnna]), device);
      expect(events.length).toBe(requests.length);
      for (const e of events) expect(urlEventSchema.parse(e)).toEqual(e);
    }
  });
});

describe('URL event export', () => {
  it('sends an interval in batches of at most 1000 events, each a valid url_events message under its own seq', () => {
    const sent: UrlEventsMessage[] = [];
    let seq = 100;
    const exporter = urlEventExporter({
      intervalS: 60,
      browse: (at) => Array.from({ length: 2500 }, (_, i) => request(at.getTime() - 60_000 + i * 20, i % 2 ? 'www.facebook.com' : 'www.bbc.co.uk')),
      filters: timeline([T0, noSocialForAnna]),
      device: () => device,
      nextSeq: () => ++seq,
      transmit: (m) => sent.push(m) > 0,
      maxInFlight: 10,
      random: mulberry32(1),
    });
    exporter.outbox.connected();
    expect(exporter.exportNow(new Date(T0 + 120_000))).toEqual([101, 102, 103]);
    expect(sent.map((m) => m.events.length)).toEqual([1000, 1000, 500]);
    for (const m of sent) expect(urlEventsMessageSchema.parse(m)).toEqual(m);
    exporter.stop();
  });

  it('does not even browse an interval in which no web filter ran', () => {
    let browsed = 0;
    const exporter = urlEventExporter({
      intervalS: 60,
      browse: () => {
        browsed += 1;
        return [request(T0, 'www.facebook.com')];
      },
      filters: timeline([T0 + 120_000, noSocialForAnna]),
      device: () => device,
      nextSeq: () => 1,
      transmit: () => true,
      random: mulberry32(1),
    });
    expect(exporter.exportNow(new Date(T0 + 60_000))).toEqual([]);
    expect(browsed).toBe(0);
    exporter.stop();
  });
});
