import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientReleaseRowSchema, inRollout, inventoryPageSchema, rolloutProgressRowSchema, rolloutRowSchema } from '@netloom/domain';
import { build, testBackends } from '../../test/build';
import type { TestAgent } from '../../test/agent-client';
import { waitFor } from '../../test/wait-for';
import { applyNext, ztnaWorld, type ZtnaWorld } from '../ztna/test-fixtures';

const WINDOWS = 24;
const posture = (client: string) => ({ os_version: '10.0.22631', client_version: client, disk_encrypted: true, firewall_on: true });
type Endpoint = { agent: TestAgent; id: string };

describe.each(testBackends('pglite'))('client updates on %s', (backend) => {
  let w: ZtnaWorld;
  const windows: Endpoint[] = [];
  const macs: Endpoint[] = [];
  let rolloutId: string;
  let staged: Set<string>;

  const connect = async (serial: string, os: string, client: string): Promise<Endpoint> => {
    const { agent, welcome, closed } = await w.hello(w.acme.key, { serial, user: 'viewer@acme.test' }, os);
    expect(closed).toBeUndefined();
    agent.heartbeat({ posture: posture(client) });
    await agent.next('ack');
    return { agent, id: welcome!.device_id };
  };
  /** What the console shows as the endpoint's desired configuration: the client version it is told to run. */
  const clientUpdateOf = async (id: string) => {
    const res = await w.call('GET', `device/config/${id}/?tid=${w.acme.tenantId}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().document as { ztna?: { client_update: { version: string } | null } }).ztna?.client_update ?? null;
  };
  const rollout = async (id = rolloutId) => {
    const rows = z.array(rolloutRowSchema).parse((await w.call('GET', 'tenant/ztna/client-rollouts/')).json());
    return rows.find((r) => r.id === id)!;
  };

  beforeAll(async () => {
    w = await ztnaWorld(await build(backend));
    for (let i = 0; i < WINDOWS; i++) windows.push(await connect(`SN-UPD-W${i}`, 'Windows 11', '2.1.9'));
    for (let i = 0; i < 2; i++) macs.push(await connect(`SN-UPD-M${i}`, 'macOS 14.2', '2.1.8'));
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it("stores an endpoint's posture from its heartbeats, and keeps it when a heartbeat says none", async () => {
    const row = async () => {
      const page = inventoryPageSchema.parse((await w.call('GET', 'tenant/ztna/inventory/?search=sn-upd-w0')).json());
      return page.results[0];
    };
    await waitFor(async () => (await row())?.client_version === '2.1.9');
    expect(await row()).toMatchObject({
      os: 'windows',
      client_version: '2.1.9',
      posture: { os_version: '10.0.22631', firewall_on: true, disk_encrypted: true },
    });
    windows[0]!.agent.heartbeat({ posture: { ...posture('2.1.9'), firewall_on: false } });
    await windows[0]!.agent.next('ack');
    await waitFor(async () => (await row())?.posture.firewall_on === false);
    windows[0]!.agent.heartbeat();
    await windows[0]!.agent.next('ack');
    // Written with the heartbeat's other fields; the posture stays what was reported last.
    await new Promise((r) => setTimeout(r, 400));
    expect((await row())?.posture).toMatchObject({ firewall_on: false, client_version: '2.1.9' });
  });

  it('lists the releases per system with the latest flagged', async () => {
    const releases = z.array(clientReleaseRowSchema).parse((await w.call('GET', 'tenant/ztna/client-releases/', undefined, 'viewer@acme.test')).json());
    expect(releases.filter((r) => r.latest).map((r) => `${r.os} ${r.version}`)).toEqual(
      expect.arrayContaining(['windows 2.1.12', 'macos 2.1.10', 'linux 2.1.9']),
    );
    expect(releases.filter((r) => r.os === 'windows').map((r) => r.version)).toEqual(['2.1.12', '2.1.11', '2.1.9']);
    expect(releases.find((r) => r.os === 'macos' && r.latest)).toMatchObject({ os_label: 'macOS', url: expect.stringMatching(/\.pkg$/) });
  });

  it('stages a version to about half of the endpoints of its system, for owners and admins only', async () => {
    const input = { os: 'windows', version: '2.1.12', percentage: 50 };
    expect((await w.call('POST', 'tenant/ztna/client-rollouts/', input, 'viewer@acme.test')).statusCode).toBe(403);
    expect((await w.call('POST', 'tenant/ztna/client-rollouts/', input, 'editor@acme.test')).statusCode).toBe(403);
    const wrong = await w.call('POST', 'tenant/ztna/client-rollouts/', { ...input, version: '2.1.10' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ version: ['No such release for this system'] });
    const noGroup = await w.call('POST', 'tenant/ztna/client-rollouts/', { ...input, security_group: crypto.randomUUID() });
    expect(noGroup.json().errors).toEqual({ security_group: ['No such security group'] });
    expect(z.array(rolloutRowSchema).parse((await w.call('GET', 'tenant/ztna/client-rollouts/')).json())).toEqual([]);

    const created = await w.call('POST', 'tenant/ztna/client-rollouts/', input, 'admin@acme.test');
    expect(created.statusCode, created.body).toBe(201);
    const row = rolloutRowSchema.parse(created.json());
    rolloutId = row.id;
    staged = new Set(windows.filter((e) => inRollout(e.id, rolloutId, 50)).map((e) => e.id));
    expect(row).toMatchObject({
      os: 'windows',
      version: '2.1.12',
      percentage: 50,
      targeted: WINDOWS,
      in_stage: staged.size,
      updated: 0,
      created_by: 'admin@acme.test',
    });
    expect(staged.size).toBeGreaterThan(WINDOWS * 0.2);
    expect(staged.size).toBeLessThan(WINDOWS * 0.8);

    for (const e of windows) expect(await clientUpdateOf(e.id)).toEqual(staged.has(e.id) ? expect.objectContaining({ version: '2.1.12' }) : null);
    for (const e of macs) expect(await clientUpdateOf(e.id)).toBeNull();
    // A staged endpoint is told so by a push it applies.
    const first = windows.find((e) => staged.has(e.id))!;
    let document = await applyNext(first.agent);
    while (!(document as { ztna?: { client_update: unknown } }).ztna?.client_update) document = await applyNext(first.agent);
    expect((document as { ztna: { client_update: { url: string } } }).ztna.client_update.url).toMatch(/MicroZAccess-2\.1\.12\.msi$/);
  });

  it('widens the stage with endpoints added, none taken out, and counts the clients that report the version', async () => {
    const widened = await w.call('PUT', `tenant/ztna/client-rollouts/${rolloutId}/`, { percentage: 80 });
    expect(widened.statusCode, widened.body).toBe(200);
    const wider = new Set(windows.filter((e) => inRollout(e.id, rolloutId, 80)).map((e) => e.id));
    expect(rolloutRowSchema.parse(widened.json())).toMatchObject({ percentage: 80, in_stage: wider.size });
    expect([...staged].every((id) => wider.has(id))).toBe(true);
    for (const e of windows) expect((await clientUpdateOf(e.id))?.version ?? null).toBe(wider.has(e.id) ? '2.1.12' : null);
    expect((await w.call('PUT', `tenant/ztna/client-rollouts/${rolloutId}/`, { percentage: 0 })).statusCode).toBe(400);

    const updated = windows.filter((e) => wider.has(e.id)).slice(0, 3);
    for (const e of updated) {
      e.agent.heartbeat({ posture: posture('2.1.12') });
      await e.agent.next('ack');
    }
    await waitFor(async () => (await rollout()).updated === 3);
    const progress = z
      .array(rolloutProgressRowSchema)
      .parse((await w.call('GET', `tenant/ztna/client-rollouts/${rolloutId}/progress/`, undefined, 'viewer@acme.test')).json());
    expect(progress).toHaveLength(WINDOWS);
    const stateOf = (id: string) => progress.find((p) => p.device_id === id)!;
    for (const e of updated) expect(stateOf(e.id)).toMatchObject({ state: 'updated', version: '2.1.12', user: 'viewer@acme.test' });
    const waiting = windows.filter((e) => wider.has(e.id) && !updated.includes(e));
    for (const e of waiting) expect(stateOf(e.id)).toMatchObject({ state: 'pending', version: '2.1.9' });
    for (const e of windows.filter((x) => !wider.has(x.id))) expect(stateOf(e.id).state).toBe('not_in_stage');
    expect(progress.every((p) => !macs.some((m) => m.id === p.device_id))).toBe(true);
  });

  it("keeps each organisation's rollouts to itself, and withdraws one", async () => {
    expect((await w.call('GET', 'tenant/ztna/client-rollouts/', undefined, 'owner@globex.test')).json()).toEqual([]);
    expect((await w.call('GET', `tenant/ztna/client-rollouts/${rolloutId}/progress/`, undefined, 'owner@globex.test')).statusCode).toBe(404);
    expect((await w.call('PUT', `tenant/ztna/client-rollouts/${rolloutId}/`, { percentage: 100 }, 'owner@globex.test')).statusCode).toBe(404);
    expect((await w.call('DELETE', `tenant/ztna/client-rollouts/${rolloutId}/`, undefined, 'owner@globex.test')).statusCode).toBe(404);
    expect((await w.call('DELETE', `tenant/ztna/client-rollouts/${rolloutId}/`, undefined, 'viewer@acme.test')).statusCode).toBe(403);
    expect((await rollout()).percentage).toBe(80);

    expect((await w.call('DELETE', `tenant/ztna/client-rollouts/${rolloutId}/`)).statusCode).toBe(204);
    expect((await w.call('GET', 'tenant/ztna/client-rollouts/')).json()).toEqual([]);
    for (const e of windows) expect(await clientUpdateOf(e.id)).toBeNull();
    expect((await w.call('DELETE', `tenant/ztna/client-rollouts/${rolloutId}/`)).statusCode).toBe(404);
  });
  it('counts only the endpoints its stage moves, and refuses a second rollout of a system and version while one is open', async () => {
    const report = async (e: Endpoint, client: string) => {
      e.agent.heartbeat({ posture: posture(client) });
      await e.agent.next('ack');
    };
    // A third of the Windows clients already run 2.1.12 when the rollout begins.
    const current = windows.slice(0, 8);
    for (const e of windows) await report(e, current.includes(e) ? '2.1.12' : '2.1.9');
    // Every report stored (heartbeats are written in batches) before the rollout takes its snapshot.
    const versions = async () =>
      new Map(inventoryPageSchema.parse((await w.call('GET', 'tenant/ztna/inventory/?page_size=0')).json()).results.map((r) => [r.id, r.client_version]));
    await waitFor(async () => {
      const stored = await versions();
      return windows.every((e) => stored.get(e.id) === (current.includes(e) ? '2.1.12' : '2.1.9'));
    }, 15_000);

    const created = await w.call('POST', 'tenant/ztna/client-rollouts/', { os: 'windows', version: '2.1.12', percentage: 50 });
    expect(created.statusCode, created.body).toBe(201);
    const row = rolloutRowSchema.parse(created.json());
    const moved = windows.filter((e) => !current.includes(e));
    const inStage = moved.filter((e) => inRollout(e.id, row.id, 50));
    expect(row).toMatchObject({ targeted: moved.length, in_stage: inStage.length, updated: 0 });

    // One in the stage updates; one outside it gets the version some other way: only the first is the stage's.
    const outside = moved.find((e) => !inRollout(e.id, row.id, 50))!;
    await report(inStage[0]!, '2.1.12');
    await report(outside, '2.1.12');
    const progressRows = async () => z.array(rolloutProgressRowSchema).parse((await w.call('GET', `tenant/ztna/client-rollouts/${row.id}/progress/`)).json());
    const progress = await waitFor(async () => {
      const rows = await progressRows();
      return rows.filter((p) => p.version === '2.1.12').length === 2 && rows;
    }, 15_000);
    expect(await rollout(row.id)).toMatchObject({ targeted: moved.length, in_stage: inStage.length, updated: 1 });
    expect(progress.map((p) => p.device_id).sort()).toEqual(moved.map((e) => e.id).sort());
    expect(progress.find((p) => p.device_id === inStage[0]!.id)).toMatchObject({ state: 'updated', version: '2.1.12' });
    expect(progress.find((p) => p.device_id === outside.id)).toMatchObject({ state: 'not_in_stage', version: '2.1.12' });

    const again = await w.call('POST', 'tenant/ztna/client-rollouts/', { os: 'windows', version: '2.1.12', percentage: 100, security_group: null });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'A rollout of Windows 2.1.12 is already open: widen it instead.',
      code: 'conflict',
      errors: { version: ['Windows 2.1.12 is already being rolled out'] },
    });
    expect(
      z
        .array(rolloutRowSchema)
        .parse((await w.call('GET', 'tenant/ztna/client-rollouts/')).json())
        .map((r) => r.id),
    ).toEqual([row.id]);
  });
});
