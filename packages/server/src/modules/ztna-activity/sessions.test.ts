import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayRowSchema, ztnaSessionPageSchema, type ZtnaSession } from '@netloom/domain';
import { z } from 'zod';
import { build, testBackends } from '../../test/build';
import type { TestAgent } from '../../test/agent-client';
import { policy, server, ztnaWorld, type ZtnaWorld } from '../ztna/test-fixtures';
import { liveDevice } from './test-fixtures';

const HOUR = 3_600_000;
const session = (over: Partial<ZtnaSession> = {}): ZtnaSession => ({
  at: new Date(Date.now() - 60_000).toISOString(),
  user: null,
  server_id: null,
  destination: 'git.corp.example',
  protocol: 'tcp',
  port: 443,
  action: 'allow',
  rule: 'policy',
  policy_id: null,
  policy_name: 'Engineers to Git',
  failed_condition: null,
  connector_id: null,
  duration_ms: 12_000,
  bytes_in: 2048,
  bytes_out: 512,
  ...over,
});

describe.each(testBackends('pglite'))('zero-trust session logs on %s', (backend) => {
  let w: ZtnaWorld;
  let endpoint: { agent: TestAgent; id: string };
  let gitId: string;

  const logs = async (body: Record<string, unknown>, who = 'owner@acme.test', tenant?: string) => {
    const res = await w.call('POST', 'logs/ztna-session-logs/', { page: 1, size: 25, ...body }, who, tenant);
    expect(res.statusCode, res.body).toBe(200);
    return ztnaSessionPageSchema.parse(res.json());
  };

  beforeAll(async () => {
    w = await ztnaWorld(await build(backend));
    const created = await w.call('POST', 'tenant/ztna/servers/', server());
    expect(created.statusCode, created.body).toBe(201);
    gitId = String(created.json().id);
    endpoint = await liveDevice(w, w.acme.key, { serial: 'SN-ZS-1', user: 'viewer@acme.test' });
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it("stores an endpoint's batch once however often it is sent, and shows its sessions with the tenant's names", async () => {
    const theirs = await w.call('POST', 'tenant/ztna/servers/', server({ name: 'Their Git' }), 'owner@globex.test');
    expect(theirs.statusCode, theirs.body).toBe(201);
    endpoint.agent.send({
      type: 'ztna_sessions',
      sessions: [
        session({ server_id: gitId, at: new Date(Date.now() - 60_000).toISOString() }),
        session({
          at: new Date(Date.now() - 2 * HOUR).toISOString(),
          action: 'deny',
          rule: 'posture',
          failed_condition: 'firewall',
          destination: 'wiki.corp.example',
          policy_name: 'Managed only',
          duration_ms: 0,
          bytes_in: 0,
          bytes_out: 0,
        }),
        // Another organisation's server: the session is this endpoint's, the id names nothing here.
        session({
          server_id: String(theirs.json().id),
          destination: 'their-git.example',
          user: 'Someone@Acme.test',
          at: new Date(Date.now() - 120_000).toISOString(),
        }),
      ],
    });
    const seq = endpoint.agent.seq;
    expect(await endpoint.agent.next('ack')).toMatchObject({ seq, duplicate: false });
    endpoint.agent.sendRaw(JSON.stringify({ type: 'ztna_sessions', seq, sessions: [session()], relays: [] }));
    expect(await endpoint.agent.next('ack')).toMatchObject({ seq, duplicate: true });

    const page = await logs({});
    expect(page.count).toBe(3);
    expect(page.results.map((r) => r.destination)).toEqual(['git.corp.example', 'their-git.example', 'wiki.corp.example']);
    expect(page.results[0]).toMatchObject({
      server_id: gitId,
      server_name: 'Git',
      user: 'viewer@acme.test',
      device_id: endpoint.id,
      device_name: 'sn-zs-1',
      action: 'allow',
      protocol: 'tcp',
      port: 443,
      bytes_in: 2048,
      duration_ms: 12_000,
    });
    expect(page.results[0]!.id).toBe(`${endpoint.id}:${seq}:0`);
    expect(page.results[1]).toMatchObject({ server_id: null, server_name: null, user: 'someone@acme.test' });
    expect(page.results[2]).toMatchObject({ action: 'deny', rule: 'posture', failed_condition: 'firewall', policy_name: 'Managed only' });
  });

  it('filters, searches, pages and downloads them, within a date range', async () => {
    expect(
      (
        await logs({
          filters: [
            { key: 'tenant_id', value: w.acme.tenantId },
            { key: 'action', value: 'deny' },
          ],
        })
      ).count,
    ).toBe(1);
    expect((await logs({ filters: [{ key: 'failed_condition', value: 'firewall' }] })).results.map((r) => r.destination)).toEqual(['wiki.corp.example']);
    expect((await logs({ filters: [{ key: 'server', value: 'Git' }] })).count).toBe(1);
    expect(
      (
        await logs({
          filters: [
            { key: 'device', value: 'sn-zs-1' },
            { key: 'user', value: 'VIEWER@acme.test' },
          ],
        })
      ).count,
    ).toBe(2);
    expect((await logs({ search: 'wiki' })).results.map((r) => r.destination)).toEqual(['wiki.corp.example']);
    expect((await logs({ search: 'managed ONLY' })).count).toBe(1);
    const hourAgo = new Date(Date.now() - HOUR).toISOString();
    expect((await logs({ start_time: hourAgo })).count).toBe(2);
    expect((await logs({ end_time: hourAgo, start_time: new Date(Date.now() - 3 * HOUR).toISOString() })).results.map((r) => r.destination)).toEqual([
      'wiki.corp.example',
    ]);
    expect((await logs({ 'time-range': '1h' })).count).toBe(2);

    const second = await logs({ page: 2, size: 1 });
    expect(second).toMatchObject({ count: 3, next: '3', previous: '1' });
    expect(second.results.map((r) => r.destination)).toEqual(['their-git.example']);

    const csv = await w.call('POST', 'logs/ztna-session-logs/', { format: 'csv', filters: [{ key: 'tenant_id', value: w.acme.tenantId }] });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toMatch(/^time,user,device_name,server_name,destination/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('git.corp.example');

    const unknown = await w.call('POST', 'logs/ztna-session-logs/', { filters: [{ key: 'colour', value: 'red' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty(['filters.0.key']);
    const backwards = await w.call('POST', 'logs/ztna-session-logs/', { start_time: new Date().toISOString(), end_time: hourAgo });
    expect(backwards.statusCode).toBe(400);
  });

  it('shows them to owners and admins of that organisation only', async () => {
    expect((await logs({}, 'admin@acme.test')).count).toBe(3);
    expect((await w.call('POST', 'logs/ztna-session-logs/', {}, 'editor@acme.test')).statusCode).toBe(403);
    expect((await w.call('POST', 'logs/ztna-session-logs/', {}, 'viewer@acme.test')).statusCode).toBe(403);
    expect((await logs({}, 'owner@globex.test')).count).toBe(0);
    const named = await w.call(
      'POST',
      'logs/ztna-session-logs/',
      { filters: [{ key: 'tenant_id', value: w.acme.tenantId }] },
      'owner@globex.test',
      w.globex.tenantId,
    );
    // The query's tenant decides; the filter's is no way into another organisation.
    expect(named.statusCode).toBe(200);
    expect(ztnaSessionPageSchema.parse(named.json()).count).toBe(0);
    expect((await w.call('POST', 'logs/ztna-session-logs/', {}, 'owner@globex.test', w.acme.tenantId)).statusCode).toBe(404);
  });

  it("counts an endpoint's relay measurements on its own organisation's relays only", async () => {
    const ours = await w.call('POST', 'tenant/ztna/relays/', { name: 'Mumbai', region: 'india', address: 'relay-in.example.net' });
    expect(ours.statusCode, ours.body).toBe(201);
    const theirs = await w.call('POST', 'tenant/ztna/relays/', { name: 'Mumbai', region: 'india', address: 'relay.globex.example' }, 'owner@globex.test');
    expect(theirs.statusCode, theirs.body).toBe(201);
    const relays = async (who: string) => z.array(relayRowSchema).parse((await w.call('GET', 'tenant/ztna/relays/', undefined, who)).json());
    const report = (relays: unknown[]) => {
      endpoint.agent.send({ type: 'ztna_sessions', sessions: [], relays });
      return endpoint.agent.next('ack');
    };
    await report([
      { relay_id: ours.json().id, latency_ms: 40, ok: true },
      { relay_id: ours.json().id, latency_ms: 60, ok: true },
      { relay_id: theirs.json().id, latency_ms: null, ok: false },
    ]);
    expect(await relays('owner@acme.test')).toEqual([expect.objectContaining({ name: 'Mumbai', health: 'healthy', latency_ms: 50 })]);
    expect(await relays('owner@globex.test')).toEqual([expect.objectContaining({ health: 'unknown', latency_ms: null, last_report_at: null })]);
    await report([{ relay_id: ours.json().id, latency_ms: null, ok: false }]);
    expect((await relays('owner@acme.test'))[0]).toMatchObject({ health: 'degraded' });
    // Sessions are unchanged by batches that carry none.
    expect((await logs({})).count).toBe(3);
  });

  it('closes a device that sends a malformed, oversized or foreign batch, and stores nothing of it', async () => {
    const bad = async (message: Record<string, unknown>, kind: 'endpoint' | 'gateway' = 'endpoint') => {
      const { agent } = await liveDevice(w, w.acme.key, {
        serial: `SN-ZS-BAD-${w.agents.length}`,
        kind,
        ...(kind === 'endpoint' ? { user: 'owner@acme.test' } : {}),
      });
      agent.send(message);
      return agent.closed;
    };
    expect(await bad({ type: 'ztna_sessions', sessions: [{ ...session(), protocol: 'carrier-pigeon' }] })).toMatchObject({ code: 4400 });
    expect(await bad({ type: 'ztna_sessions', sessions: [{ ...session(), bytes_in: '2048' }] })).toMatchObject({ code: 4400 });
    expect(await bad({ type: 'ztna_sessions', sessions: Array.from({ length: 1_001 }, () => session()) })).toMatchObject({ code: 4400 });
    expect(await bad({ type: 'ztna_sessions', sessions: [session({ destination: 'nul\u0000.example' })] })).toMatchObject({ code: 4400 });
    expect(await bad({ type: 'ztna_sessions', sessions: [session()] }, 'gateway')).toMatchObject({ code: 4400, reason: expect.stringContaining('endpoint') });
    expect((await logs({})).count).toBe(3);
  });

  it('keeps sessions as long as the organisation keeps its session logs, and deletes them after', async () => {
    const retention = async (change: Record<string, number>) => {
      const res = await w.call('PUT', 'logs/logs-management/', { retention: change });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { retention: Record<string, number> }).retention;
    };
    // Another log's retention leaves the session logs' as it was (30 days by default).
    expect(await retention({ webfilter: 20 })).toMatchObject({ webfilter: 20, ztna_sessions: 30 });
    const DAY = 24 * HOUR;
    endpoint.agent.send({
      type: 'ztna_sessions',
      sessions: [
        session({ at: new Date(Date.now() - 3 * DAY).toISOString(), destination: 'three-days.example' }),
        session({ at: new Date(Date.now() - 40 * DAY).toISOString(), destination: 'forty-days.example' }),
      ],
    });
    expect(await endpoint.agent.next('ack')).toMatchObject({ duplicate: false });
    const old = async () =>
      (await logs({ start_time: new Date(Date.now() - 60 * DAY).toISOString() })).results.map((r) => r.destination).filter((d) => d.includes('days'));
    expect(await old()).toEqual(['three-days.example']);
    expect(await retention({ ztna_sessions: 90 })).toMatchObject({ ztna_sessions: 90 });
    expect(await old()).toEqual(['three-days.example', 'forty-days.example']);
    await retention({ ztna_sessions: 2 });
    expect(await old()).toEqual([]);

    // The hourly sweep: the days nobody keeps go whole, the rest of what this organisation no longer keeps row by row.
    expect(await w.t.app.services.ztnaSessionLogs.sweep()).toBeGreaterThanOrEqual(2);
    await retention({ ztna_sessions: 90 });
    expect(await old()).toEqual([]);
    expect((await logs({})).count).toBe(3);
  });

  it("keeps a reported policy id only when it names one of the endpoint's own organisation's policies", async () => {
    const ours = await w.call('POST', 'tenant/ztna/policies/', policy({ name: 'Engineers to Git', destinations: { servers: [gitId] } }));
    expect(ours.statusCode, ours.body).toBe(201);
    const theirServer = await w.call('POST', 'tenant/ztna/servers/', server({ name: 'Their wiki' }), 'owner@globex.test');
    const theirs = await w.call(
      'POST',
      'tenant/ztna/policies/',
      policy({ name: 'Globex only', destinations: { servers: [theirServer.json().id] } }),
      'owner@globex.test',
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    endpoint.agent.send({
      type: 'ztna_sessions',
      sessions: [
        session({ destination: 'own-policy.example', policy_id: ours.json().id }),
        // Another organisation's policy: the endpoint names it, the id names nothing here.
        session({ destination: 'foreign-policy.example', policy_id: theirs.json().id, policy_name: 'Globex only' }),
        session({ destination: 'nowhere-policy.example', policy_id: crypto.randomUUID() }),
      ],
    });
    expect(await endpoint.agent.next('ack')).toMatchObject({ duplicate: false });
    const policyOf = async (destination: string) => (await logs({ search: destination })).results.map((r) => r.policy_id);
    expect(await policyOf('own-policy.example')).toEqual([ours.json().id]);
    expect(await policyOf('foreign-policy.example')).toEqual([null]);
    expect(await policyOf('nowhere-policy.example')).toEqual([null]);
    // Filtering by the other organisation's policy id finds nothing of theirs.
    expect((await logs({ filters: [{ key: 'policy', value: theirs.json().id }] })).count).toBe(0);
  });

  it('downloads a destination that a spreadsheet would run as a formula as plain text', async () => {
    endpoint.agent.send({ type: 'ztna_sessions', sessions: [session({ destination: '=HYPERLINK("http://evil.example","x")' })] });
    expect(await endpoint.agent.next('ack')).toMatchObject({ duplicate: false });
    const csv = await w.call('POST', 'logs/ztna-session-logs/', { format: 'csv', search: 'evil.example' });
    expect(csv.statusCode, csv.body).toBe(200);
    const [, row] = csv.body.split('\r\n');
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
  });
});
