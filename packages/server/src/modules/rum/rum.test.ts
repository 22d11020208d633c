import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rumAlertSchema,
  rumBreakdownSchema,
  rumErrorsSchema,
  rumOverviewSchema,
  rumSessionDetailSchema,
  rumSessionListSchema,
  rumSiteSchema,
  rumSlowestPagesSchema,
  rumSnippetSchema,
  rumTimeseriesSchema,
} from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';

const ORIGIN = 'https://shop.acme.test';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const MINIFIED_URL = 'https://shop.acme.test/assets/app.min.js';

describe.each(testBackends('pglite'))('real-user monitoring on %s', (backend) => {
  let t: TestApp;
  let acme: string;
  let globex: string;
  const tokens: Record<string, string> = {};
  let site: { id: string; public_key: string };
  let seq = 0;
  const sdkDir = mkdtempSync(path.join(tmpdir(), 'rum-sdk-'));

  beforeAll(async () => {
    writeFileSync(path.join(sdkDir, 'netloom-rum.js'), '/* sdk */');
    t = await build(backend, (c) => ({ ...c, rum: { ...c.rum, sdkFile: path.join(sdkDir, 'netloom-rum.js'), perClientPerMinute: 30 } }));
    acme = (await enrolmentKey(t.app, 'Acme')).tenantId;
    globex = (await enrolmentKey(t.app, 'Globex')).tenantId;
    for (const who of ['owner@acme.test', 'viewer@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
    const created = await call('POST', 'rum/sites/', { name: 'Shop', kind: 'website', origins: [ORIGIN, 'http://localhost:5173'] });
    expect(created.statusCode).toBe(201);
    site = rumSiteSchema.parse(created.json());
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = 'owner@acme.test') => {
    const tenant = who.endsWith('globex.test') ? globex : acme;
    return t.app.inject({
      method,
      url: `/api/v1/${url}${url.includes('?') ? '&' : '?'}tid=${tenant}`,
      headers: bearer(tokens[who]!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };

  const window = () =>
    `site_id=${site.id}&start_time=${new Date(Date.now() - 3_600_000).toISOString()}&end_time=${new Date(Date.now() + 60_000).toISOString()}`;

  /** Sends a beacon as a page's SDK would: text/plain JSON, the page's Origin and user agent, from a client address. */
  const send = (beacon: unknown, opts: { origin?: string | null; ua?: string; from?: string; key?: string; raw?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/rum/ingest/${opts.key ?? site.public_key}/`,
      remoteAddress: opts.from ?? `198.51.100.${(seq++ % 200) + 1}`,
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': opts.ua ?? DESKTOP,
        ...(opts.origin === null ? {} : { origin: opts.origin ?? ORIGIN }),
      },
      payload: opts.raw ?? JSON.stringify(beacon),
    });

  const pageLoad = (sid: string, pagePath: string, lcp: number, extra: object[] = []) => ({
    v: 1,
    sid,
    pid: `pv_${sid}_${seq}`,
    url: `${ORIGIN}${pagePath}?token=secret`,
    events: [
      { t: 'view', at: Date.now(), nav: { type: 'navigate', ttfb: 120, load: 900 } },
      {
        t: 'vital',
        at: Date.now(),
        name: 'LCP',
        value: lcp,
        attribution: { target: `${pagePath} img.hero`, url: `${ORIGIN}/hero.jpg`, phases: { ttfb: 100, resourceLoadDelay: 50 } },
      },
      ...extra,
    ],
  });

  const metric = async (name: string) => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  };

  it('gives a site a public key and a snippet that loads the SDK with it', async () => {
    expect(site.public_key).toMatch(/^nlr_[A-Za-z0-9_-]{24}$/);
    const snippet = rumSnippetSchema.parse((await call('GET', `rum/sites/${site.id}/snippet/`)).json());
    expect(snippet.snippet).toContain(`data-key="${site.public_key}"`);
    expect(snippet.ingest_url).toBe(`http://console.test/api/v1/rum/ingest/${site.public_key}/`);
    const sdk = await t.app.inject({ method: 'GET', url: '/rum/sdk/v1/netloom-rum.js' });
    expect(sdk.statusCode).toBe(200);
    expect(sdk.headers['access-control-allow-origin']).toBe('*');
    expect(sdk.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('stores beacons from the site’s origins only, with CORS for them and a preflight', async () => {
    const ok = await send(pageLoad('sess-aaaa1', '/cart', 1000));
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(ORIGIN);
    const foreign = await send(pageLoad('sess-evil1', '/cart', 1000), { origin: 'https://evil.test' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect((await send(pageLoad('sess-none1', '/cart', 1000), { origin: null })).statusCode).toBe(403);
    expect((await send(pageLoad('sess-aaaa1', '/cart', 1000), { key: 'nlr_AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/rum/ingest/${site.public_key}/`,
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(preflight.headers['access-control-allow-methods']).toBe('POST');
    const refused = await t.app.inject({ method: 'OPTIONS', url: `/api/v1/rum/ingest/${site.public_key}/`, headers: { origin: 'https://evil.test' } });
    expect(refused.statusCode).toBe(403);
    const overview = rumOverviewSchema.parse((await call('GET', `rum/overview/?${window()}`)).json());
    expect(overview).toMatchObject({ page_views: 1, sessions: 1 });
    expect(rumSiteSchema.parse((await call('GET', `rum/sites/${site.id}/`)).json()).last_beacon_at).not.toBeNull();
  });

  it('counts and drops a bad beacon, refuses one over 64 kB and stores nothing of either', async () => {
    const bad = await metric('netloom_rum_beacons_bad_total');
    expect((await send({ v: 1, sid: 'sess-bad01', pid: 'pv-bad001', url: `${ORIGIN}/`, events: [] })).statusCode).toBe(400);
    expect((await send(null, { raw: 'not json' })).statusCode).toBe(400);
    expect((await send(pageLoad('sess-bad02', '/x', -5))).statusCode).toBe(400);
    expect(await metric('netloom_rum_beacons_bad_total')).toBe(bad + 3);
    const big = pageLoad('sess-big01', '/big', 1000, [{ t: 'error', at: Date.now(), message: 'x', stack: 'y'.repeat(70_000) }]);
    expect((await send(big)).statusCode).toBe(413);
    const overview = rumOverviewSchema.parse((await call('GET', `rum/overview/?${window()}`)).json());
    expect(overview.page_views).toBe(1);
  });

  it('answers p75, good share and rating per vital and breakdown from the rollups', async () => {
    // LCP of the site now: 1000 (above), 2000, 3000, 4000 on desktop and 6000, 8000 on phones.
    for (const [sid, value, ua] of [
      ['sess-b0002', 2000, DESKTOP],
      ['sess-b0003', 3000, DESKTOP],
      ['sess-b0004', 4000, DESKTOP],
      ['sess-m0001', 6000, PHONE],
      ['sess-m0002', 8000, PHONE],
    ] as const)
      expect((await send(pageLoad(sid, value > 5000 ? '/checkout' : '/cart', value), { ua })).statusCode).toBe(204);
    const overview = rumOverviewSchema.parse((await call('GET', `rum/overview/?${window()}`)).json());
    const lcp = overview.vitals.find((v) => v.name === 'LCP')!;
    // Six samples: the p75 is the 4.5th, between 4000 and 6000; the histogram reads it within its 5% buckets.
    expect(lcp.samples).toBe(6);
    expect(lcp.p75).toBeGreaterThan(3800);
    expect(lcp.p75).toBeLessThanOrEqual(6300);
    expect(lcp.rating).toBe('poor');
    expect(lcp.good_share).toBeCloseTo(2 / 6, 3);
    expect(overview.good_load_share).toBeCloseTo(2 / 6, 3);
    expect(overview).toMatchObject({ page_views: 6, sessions: 6 });
    // Without its ends a question is of the last day.
    const lastDay = rumOverviewSchema.parse((await call('GET', `rum/overview/?site_id=${site.id}`)).json());
    expect(lastDay.vitals.find((v) => v.name === 'LCP')!.samples).toBe(6);

    const byDevice = rumBreakdownSchema.parse((await call('GET', `rum/vitals/breakdown/?${window()}&vital=LCP&by=device_class`)).json()).results;
    const mobile = byDevice.find((r) => r.key === 'mobile')!;
    expect(mobile.samples).toBe(2);
    // Of 6000 and 8000 the p75 is 8000 (nearest rank), read within the bucket's 5%.
    expect(Math.abs(mobile.p75! - 8000) / 8000).toBeLessThan(0.05);
    expect(byDevice.find((r) => r.key === 'desktop')).toMatchObject({ samples: 4, rating: 'needs-improvement' });
    // One filter reads the one-dimension rollups, two the combinations: the same answers.
    const filtered = rumOverviewSchema.parse((await call('GET', `rum/overview/?${window()}&device_class=mobile`)).json());
    expect(filtered).toMatchObject({ page_views: 2, sessions: 2 });
    const both = rumOverviewSchema.parse((await call('GET', `rum/overview/?${window()}&device_class=mobile&browser=Mobile%20Safari`)).json());
    expect(both).toMatchObject({ page_views: 2, sessions: 2 });
    expect(both.vitals.find((v) => v.name === 'LCP')!.p75).toBe(filtered.vitals.find((v) => v.name === 'LCP')!.p75);
    const none = rumOverviewSchema.parse((await call('GET', `rum/overview/?${window()}&device_class=mobile&browser=Firefox`)).json());
    expect(none.page_views).toBe(0);

    const series = rumTimeseriesSchema.parse((await call('GET', `rum/vitals/timeseries/?${window()}&vital=LCP`)).json());
    expect(series.step_seconds).toBe(60);
    expect(series.points.reduce((n, p) => n + p.samples, 0)).toBe(6);

    const slowest = rumSlowestPagesSchema.parse((await call('GET', `rum/slowest-pages/?${window()}&vital=LCP`)).json()).results;
    expect(slowest[0]).toMatchObject({ page: '/checkout', rating: 'poor', attribution: { target: '/checkout img.hero', url: `${ORIGIN}/hero.jpg` } });
    expect(slowest[0]!.attribution!.phases).toEqual({ ttfb: 100, resourceLoadDelay: 50 });
  });

  it('shows a thrown error with its stack resolved through the release’s uploaded source map', async () => {
    // A minified file whose one line maps to src/app.ts line 3, and the real V8 stack of running it.
    const code = 'function explode(){throw new TypeError("Cart 42 is empty")}explode();';
    const map = JSON.stringify({ version: 3, file: 'app.min.js', sources: ['src/app.ts'], names: [], mappings: 'AAEA' });
    let stack = '';
    try {
      vm.runInNewContext(code, {}, { filename: MINIFIED_URL });
    } catch (e) {
      stack = (e as Error).stack!;
    }
    expect(stack).toContain(`${MINIFIED_URL}:1:`);
    const upload = await call('POST', `rum/sites/${site.id}/sourcemaps/`, { release: '1.4.0', file_url: MINIFIED_URL, map });
    expect(upload.statusCode).toBe(201);
    const error = { t: 'error', at: Date.now(), message: 'Cart 42 is empty', kind: 'TypeError', stack };
    expect((await send({ ...pageLoad('sess-err01', '/cart', 1200, [error]), release: '1.4.0' })).statusCode).toBe(204);
    expect((await send({ ...pageLoad('sess-err02', '/cart', 1200, [{ ...error, message: 'Cart 7 is empty' }]), release: '1.4.0' })).statusCode).toBe(204);
    const answer = rumErrorsSchema.parse((await call('GET', `rum/errors/?${window()}`)).json());
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]).toMatchObject({ kind: 'TypeError', count: 2, sessions: 2, release: '1.4.0', resolved: true });
    expect(answer.results[0]!.stack).toContain('at explode (src/app.ts:3:1)');
    expect(answer.error_rate).toBeGreaterThan(0);
  });

  it('lists sessions and a session’s journey, without the query string of its pages', async () => {
    const list = rumSessionListSchema.parse((await call('GET', `rum/sessions/?${window()}&page_size=3`)).json());
    expect(list.count).toBe(8);
    expect(list.results).toHaveLength(3);
    expect(list.next).toContain('page_number=2');
    const journey = rumSessionDetailSchema.parse((await call('GET', `rum/sessions/sess-err01/?site_id=${site.id}`)).json());
    expect(journey.session).toMatchObject({ page_views: 1, errors: 1, browser: 'Chrome', device_class: 'desktop', entry_page: '/cart' });
    expect(journey.events.map((e) => e.type).sort()).toEqual(['error', 'view', 'vital']);
    expect(JSON.stringify(journey)).not.toContain('secret');
    expect((await call('GET', `rum/sessions/sess-nobody/?site_id=${site.id}`)).statusCode).toBe(404);
  });

  it('raises an alert when the p75 crosses the threshold and clears it, through the notification channels', async () => {
    const channel = await call('POST', 'notification-channels/', { name: 'Ops', kind: 'email', target: 'ops@acme.test' });
    expect(channel.statusCode).toBe(201);
    const channelId = (channel.json() as { id: string }).id;
    const created = await call('POST', 'rum/alerts/', { site_id: site.id, vital: 'LCP', threshold: 2500, window_minutes: 15 });
    expect(created.statusCode).toBe(201);
    const alert = rumAlertSchema.parse(created.json());
    expect(await t.app.services.rumAlerts.evaluate()).toBe(1);
    const raised = rumAlertSchema.parse((await call('GET', 'rum/alerts/')).json().find((a: { id: string }) => a.id === alert.id));
    expect(raised.state).toBe('alerting');
    expect(raised.last_value).toBeGreaterThan(2500);
    expect(await t.app.services.rumAlerts.evaluate()).toBe(0);
    expect((await call('PATCH', `rum/alerts/${alert.id}/`, { threshold: 9000 })).statusCode).toBe(200);
    expect(await t.app.services.rumAlerts.evaluate()).toBe(1);
    expect(rumAlertSchema.parse((await call('GET', 'rum/alerts/')).json()[0]).state).toBe('ok');
    const deliveries = (await call('GET', `notification-channels/${channelId}/deliveries/`)).json() as { results: { summary: string }[] };
    expect(deliveries.results.map((d) => d.summary).join('\n')).toMatch(/RUM · Shop[\s\S]*LCP p75/);
    expect(deliveries.results).toHaveLength(2);
  });

  it('keeps each organisation’s sites, queries and alerts to itself', async () => {
    const other = 'owner@globex.test';
    expect((await call('GET', `rum/sites/${site.id}/`, undefined, other)).statusCode).toBe(404);
    expect((await call('PATCH', `rum/sites/${site.id}/`, { name: 'Mine' }, other)).statusCode).toBe(404);
    expect((await call('DELETE', `rum/sites/${site.id}/`, undefined, other)).statusCode).toBe(404);
    expect((await call('GET', `rum/sites/${site.id}/sourcemaps/`, undefined, other)).statusCode).toBe(404);
    expect((await call('GET', `rum/overview/?${window()}`, undefined, other)).statusCode).toBe(404);
    expect((await call('GET', `rum/sessions/sess-err01/?site_id=${site.id}`, undefined, other)).statusCode).toBe(404);
    expect((await call('POST', 'rum/alerts/', { site_id: site.id, vital: 'LCP', threshold: 1 }, other)).statusCode).toBe(422);
    expect((await call('GET', 'rum/sites/', undefined, other)).json()).toEqual([]);
    expect((await call('POST', 'rum/sites/', { name: 'X', kind: 'app', origins: [ORIGIN] }, 'viewer@acme.test')).statusCode).toBe(403);
  });

  it('drops beacons of a site sampled at 0 and rate limits a client', async () => {
    // A subnormal rate is 0 (no rate PostgreSQL's real would store).
    const patched = await call('PATCH', `rum/sites/${site.id}/`, { sample_rate: 9e-323 });
    expect(patched.statusCode).toBe(200);
    expect(rumSiteSchema.parse(patched.json()).sample_rate).toBe(0);
    const before = rumOverviewSchema.parse((await call('GET', `rum/overview/?${window()}`)).json()).page_views;
    expect((await send(pageLoad('sess-zero1', '/cart', 1000))).statusCode).toBe(204);
    expect(rumOverviewSchema.parse((await call('GET', `rum/overview/?${window()}`)).json()).page_views).toBe(before);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(pageLoad('sess-flood', '/cart', 1000), { from: '203.0.113.9' })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    const limited = await send(pageLoad('sess-flood', '/cart', 1000), { from: '203.0.113.9' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
