import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type ReportRow } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';

const day = 86_400_000;

/**
 * An owner asking for fifty large reports at once gets ten: the per-tenant limit holds under
 * concurrent requests (how fast the instance answers meanwhile: reports-latency.test.ts).
 */
describe.each(testBackends('concurrent writes'))('report generation beside the rest of the API (%s)', (backend) => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await build(backend, (c) => ({ ...c, reports: { pollMs: 100, staleClaimMs: 60_000, scheduleCheckMs: 60_000, sweepMs: 60_000 } }));
    owner = (await login(t.app, 'owner@acme.test')).access;
    const { tenantId } = await enrolmentKey(t.app, 'Acme');
    // A busy organisation's week: 20,000 changes in its activity log.
    await t.app.services.db.execute(sql`insert into audit_log (tenant_id, actor_email, action, target, details, ip, created_at)
      select ${tenantId}::uuid, 'editor' || (i % 7) || '@acme.test', 'config.saved', 'device-' || i, jsonb_build_object('revision', i), '203.0.113.' || (i % 250),
        now() - (i || ' seconds')::interval from generate_series(1, 20000) as i`);
  }, 120_000);
  afterAll(() => t?.close());

  it('queues at most ten reports of a tenant at once, however many are asked for together', async () => {
    const period = { from: new Date(Date.now() - 7 * day).toISOString(), to: new Date().toISOString() };
    const ask = (format: 'pdf' | 'csv') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/tenant/reports/',
        headers: bearer(owner),
        payload: { kind: 'activity_logs', format, product: 'sdwan', ...period },
      });
    // One long report first: the worker makes it meanwhile, so the others stay waiting.
    expect((await ask('pdf')).statusCode).toBe(202);
    const answers = await Promise.all(Array.from({ length: 50 }, () => ask('csv')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(9);
    expect(codes.filter((c) => c === 409)).toHaveLength(41);
    const pending = ((await t.app.inject({ method: 'GET', url: '/api/v1/tenant/reports/', headers: bearer(owner) })).json() as ReportRow[]).filter(
      (r) => r.status === 'queued' || r.status === 'running',
    );
    expect(pending.length).toBeLessThanOrEqual(10);
  }, 120_000);
});
