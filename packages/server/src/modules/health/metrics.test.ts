import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, login, type TestApp } from '../../test/build';
import { TestAgent, enrolmentKey } from '../../test/agent-client';
import { TestConsole } from '../../test/live-client';
import { waitFor } from '../../test/wait-for';
import { promtoolProblems } from '../../test/promtool';

/** What a Prometheus scraper reads at /metrics, and the request ids a caller sees. */
describe('metrics and request ids', () => {
  let t: TestApp;
  let tenantId: string;

  beforeAll(async () => {
    t = await build('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    tenantId = (await enrolmentKey(t.app, 'Acme')).tenantId;
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('times requests by route pattern, not by URL, and keeps unmatched URLs under one label', async () => {
    await login(t.app, 'owner@acme.test');
    await t.app.inject({ method: 'GET', url: `/api/v1/tenant/devices/${'0'.repeat(8)}-scan-me/` });
    const text = await scrape();
    expect(value(text, 'netloom_http_request_duration_seconds_count{method="POST",route="/api/v1/auth/login/",status_class="2xx"}')).toBe(1);
    expect(text).not.toContain('scan-me');
    expect(text).toMatch(/netloom_http_request_duration_seconds_count\{method="GET",route="unmatched",status_class="4xx"\} \d+/);
    // The process's own figures come with it.
    expect(text).toContain('netloom_process_resident_memory_bytes');
    expect(text).toContain('netloom_nodejs_eventloop_lag_seconds');
  });

  it('counts device and console sockets while they are open', async () => {
    const agent = await TestAgent.connect(t.app);
    const token = (await login(t.app, 'owner@acme.test')).access;
    const console1 = await TestConsole.open(t.app, `/ws/status/${tenantId}`, token);
    await waitFor(async () => {
      const text = await scrape();
      return value(text, 'netloom_device_sockets') === 1 && value(text, 'netloom_console_sockets') === 1;
    });
    agent.ws.close();
    console1.ws.close();
    await waitFor(async () => {
      const text = await scrape();
      return value(text, 'netloom_device_sockets') === 0 && value(text, 'netloom_console_sockets') === 0;
    });
  });

  it('reports the durable queues and the flow ingest', async () => {
    const text = await scrape();
    for (const gauge of ['netloom_device_jobs_open', 'netloom_notification_deliveries_pending', 'netloom_reports_pending', 'netloom_flow_records_queued'])
      expect(value(text, gauge), gauge).toBe(0);
    expect(text).toContain('# TYPE netloom_flow_records_stored_total counter');
  });

  it('follows Prometheus’ naming rules: promtool check metrics finds no problem', async () => {
    // After the sockets, the flow ingest and requests of every kind above: every family has series.
    expect(promtoolProblems(await scrape())).toEqual([]);
    // What was named `…_total` as a gauge is read as the sum of its by-type gauge.
    expect(await scrape()).not.toMatch(/^# TYPE \S+_total gauge$/m);
  });

  it('would see a problem promtool reports (the check above is not vacuous)', () => {
    const gaugeNamedLikeACounter = '# HELP x_total A gauge.\n# TYPE x_total gauge\nx_total 1\n';
    expect(promtoolProblems(gaugeNamedLikeACounter)).toEqual(['x_total non-counter metrics should not have "_total" suffix']);
  });

  it('gives every answer a request id: a fresh UUID, or the caller’s own when it is a plain token', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\nforged line' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
