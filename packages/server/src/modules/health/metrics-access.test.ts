import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@netloom/domain';
import { loadConfig } from '../../config';
import { build, type TestApp } from '../../test/build';

const TOKEN = 'scrape-token-0123456789abcdef';
const withMetrics = (env: Record<string, string>) => (c: TestApp['config']) => ({ ...c, metrics: loadConfig({ ...env }).metrics });

/** Who can read /metrics, and where, as a scraper and a stranger see it. */
describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build('pglite', withMetrics({ METRICS_TOKEN: TOKEN }));
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers a scraper that sends the token', async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('netloom_http_request_duration_seconds');
  });

  it('answers 401 in the error shape, with a Bearer challenge, to no token, a wrong one, or a longer one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(apiErrorSchema.parse(res.json()).code).toBe('not_authenticated');
      expect(res.body).not.toContain('netloom_');
    }
  });

  it('leaves the probes open', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('/metrics with METRICS_LISTEN', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await build('pglite', withMetrics({ METRICS_LISTEN: '127.0.0.1:0', METRICS_TOKEN: TOKEN }));
    // As server.ts does after the main port.
    url = await t.app.metricsListener!.listen();
  });
  afterAll(() => t.close());

  it('serves it on its own address only, with the token there too', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const scraped = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    expect(await scraped.text()).toContain('netloom_process_resident_memory_bytes');
    expect((await fetch(url)).status).toBe(401);
    // Nothing else of the app is on that address, and the main port no longer has /metrics.
    expect((await fetch(new URL('/healthz', url))).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });
});

describe('metrics settings', () => {
  it('stays open on the main port by default, and refuses an address or token it cannot use', () => {
    expect(loadConfig({}).metrics).toEqual({ token: null, listen: null });
    expect(loadConfig({ METRICS_LISTEN: '[::1]:9464' }).metrics.listen).toEqual({ host: '::1', port: 9464 });
    for (const bad of [{ METRICS_LISTEN: '9464' }, { METRICS_LISTEN: '127.0.0.1:99999' }, { METRICS_TOKEN: 'short' }]) expect(() => loadConfig(bad)).toThrow();
  });
});
