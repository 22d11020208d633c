import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTestResultSchema,
  createdEnrolmentKeySchema,
  endpointProfileSchema,
  inventoryDecideResultSchema,
  inventoryPageSchema,
  reachRowSchema,
  teamUserListSchema,
  ztnaPolicySchema,
  ztnaServerSchema,
  type ZtnaSection,
} from '@netloom/domain';
import { build, testBackends } from '../../test/build';
import { waitFor } from '../../test/wait-for';
import type { TestAgent } from '../../test/agent-client';
import { applyNext, policy, server, ztnaWorld, type ZtnaWorld } from './test-fixtures';

const posture = (firewall: boolean) => ({ os_version: '11.0', client_version: '2.1.12', disk_encrypted: true, firewall_on: firewall });

describe.each(testBackends('pglite'))('zero-trust configuration push on %s', (backend) => {
  let w: ZtnaWorld;
  let ana: { agent: TestAgent; id: string };
  let edd: { agent: TestAgent; id: string };
  let git: string;

  beforeAll(async () => {
    // New endpoints get their section within a round of the reconciler: short here.
    w = await ztnaWorld(await build(backend, (c) => ({ ...c, ztna: { reconcileMs: 200 } })));
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  const ztnaOf = (document: Record<string, unknown>) => document.ztna as ZtnaSection;
  const enrol = async (key: string, serial: string, user: string, firewall: boolean) => {
    const { agent, welcome } = await w.hello(key, { serial, user });
    agent.heartbeat({ posture: posture(firewall), user });
    await agent.next('ack');
    return { agent, id: welcome!.device_id };
  };

  it('gives an endpoint that enrols its zero-trust section, and pushes a policy change to the endpoints it can apply to', async () => {
    const users = teamUserListSchema.parse((await w.call('GET', 'teams/users/?page_size=0')).json()).results;
    const ids = ['viewer@acme.test', 'editor@acme.test'].map((e) => users.find((u) => u.email === e)!.id);
    const team = await w.call('POST', 'teams/groups/', { name: 'Engineers', user_ids: ids });
    expect(team.statusCode, team.body).toBe(201);
    git = ztnaServerSchema.parse((await w.call('POST', 'tenant/ztna/servers/', server({ private_name: 'git.corp' }))).json()).id;

    const key = createdEnrolmentKeySchema.parse((await w.call('POST', 'tenant/ztna/enrolment-keys/', { name: 'Engineering', reusable: true })).json());
    ana = await enrol(key.key, 'SN-ANA', 'viewer@acme.test', true);
    edd = await enrol(key.key, 'SN-EDD', 'editor@acme.test', false);
    for (const e of [ana, edd]) {
      const first = ztnaOf(await applyNext(e.agent));
      expect(first).toMatchObject({ profile: { name: 'mza' }, policies: [], servers: [], identity: { approved: true } });
    }
    // The posture they reported is stored (the heartbeat writer's next flush).
    await waitFor(async () => {
      const page = inventoryPageSchema.parse((await w.call('GET', 'tenant/ztna/inventory/?search=SN-')).json());
      return page.results.filter((r) => r.posture.firewall_on !== null).length === 2;
    }, 10_000);

    const created = await w.call(
      'POST',
      'tenant/ztna/policies/',
      policy({ sources: { groups: [String(team.json().id)] }, destinations: { servers: [git] }, posture: { firewall: true } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const policyId = ztnaPolicySchema.parse(created.json()).id;
    for (const e of [ana, edd]) {
      const section = ztnaOf(await applyNext(e.agent));
      expect(section.policies.map((p) => p.id)).toEqual([policyId]);
      expect(section.servers.map((s) => s.id)).toEqual([git]);
      expect(section.private_names).toEqual({ 'git.corp': 'git.corp.example' });
      expect(section.identity.groups).toEqual([String(team.json().id)]);
    }
    const config = await w.call('GET', `device/config/${ana.id}/`);
    expect(config.json()).toMatchObject({ revision: { source: 'ztna', message: "Access policy 'Engineers to Git' created" }, sync: { state: 'synced' } });
  });

  it('answers who can reach what with the decision the endpoint makes: allowed for one user, denied for the other by the failed posture condition', async () => {
    const allowed = accessTestResultSchema.parse(
      (await w.call('POST', 'tenant/ztna/policies/test/', { user: 'Viewer@acme.test', server_id: git, port: 443 })).json(),
    );
    expect(allowed).toMatchObject({
      action: 'allow',
      rule: 'policy',
      policy: { name: 'Engineers to Git' },
      failed: null,
      device: { id: ana.id, name: 'sn-ana' },
      groups: [{ name: 'Engineers' }],
      posture: { os: 'windows', firewall_on: true, approved: true },
    });
    const denied = accessTestResultSchema.parse(
      (await w.call('POST', 'tenant/ztna/policies/test/', { device_id: edd.id, server_id: git, port: 22 }, 'viewer@acme.test')).json(),
    );
    expect(denied).toMatchObject({
      action: 'deny',
      rule: 'posture',
      user: 'editor@acme.test',
      policy: { name: 'Engineers to Git' },
      failed: { condition: 'firewall', message: 'The firewall is off' },
    });
    const unpublished = accessTestResultSchema.parse(
      (await w.call('POST', 'tenant/ztna/policies/test/', { device_id: ana.id, server_id: git, port: 8080 })).json(),
    );
    expect(unpublished).toMatchObject({ action: 'deny', rule: 'not_published' });
    // A user never seen on an endpoint: nothing is known of their posture, and the posture condition fails.
    const nobody = accessTestResultSchema.parse((await w.call('POST', 'tenant/ztna/policies/test/', { user: 'owner@acme.test', server_id: git })).json());
    expect(nobody).toMatchObject({ action: 'deny', rule: 'default', device: null, posture: { os: null, firewall_on: null } });
    const bad = await w.call('POST', 'tenant/ztna/policies/test/', { server_id: crypto.randomUUID(), device_id: crypto.randomUUID() });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['device_id', 'server_id']);
    expect((await w.call('POST', 'tenant/ztna/policies/test/', { server_id: git })).statusCode).toBe(400);

    const reach = reachRowSchema.array().parse((await w.call('POST', 'tenant/ztna/policies/reach/', { server_id: git, port: 443 })).json());
    expect(reach.filter((r) => [ana.id, edd.id].includes(r.device_id)).map((r) => [r.device_name, r.user, r.action, r.failed?.condition ?? null])).toEqual([
      ['sn-ana', 'viewer@acme.test', 'allow', null],
      ['sn-edd', 'editor@acme.test', 'deny', 'firewall'],
    ]);
  });

  it('gives an endpoint the assistant’s profile as a normal, checked profile write (not to a gateway or another organisation’s endpoint)', async () => {
    const made = await w.call('POST', `device/movpn/${ana.id}/movpns/`, {
      final_payload: { name: 'Ana MZA', auto_connect: false, split_tunnel: { mode: 'full' } },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(endpointProfileSchema.parse(made.json())).toMatchObject({ name: 'Ana MZA', is_default: false, assigned: { endpoints: [ana.id], groups: [] } });
    expect(ztnaOf(await applyNext(ana.agent)).profile).toMatchObject({ name: 'Ana MZA', auto_connect: false, split_tunnel: { mode: 'full' } });
    const bad = await w.call('POST', `device/movpn/${ana.id}/movpns/`, { final_payload: { name: 'Ana 2', relays: [crypto.randomUUID()] } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['final_payload.relays.0']);
    const gateway = await w.call('POST', `device/claim/?tid=${w.acme.tenantId}`, { serial: 'SN-GW-MOVPN', name: 'gw', kind: 'gateway' });
    expect((await w.call('POST', `device/movpn/${gateway.json().id}/movpns/`, { final_payload: { name: 'GW' } })).statusCode).toBe(404);
    expect((await w.call('POST', `device/movpn/${ana.id}/movpns/`, { final_payload: { name: 'Theirs' } }, 'owner@globex.test')).statusCode).toBe(404);
  });

  it('approves pending clients in bulk as one approval does, and rejects others out of the inventory', async () => {
    const key = createdEnrolmentKeySchema.parse(
      (await w.call('POST', 'tenant/ztna/enrolment-keys/', { name: 'Review first', reusable: true, auto_approve: false })).json(),
    );
    const p1 = await w.hello(key.key, { serial: 'SN-REVIEW-1', user: 'ana@acme.test' });
    const p2 = await w.hello(key.key, { serial: 'SN-REVIEW-2', user: 'bo@acme.test' });
    const pendingIds = async () =>
      inventoryPageSchema
        .parse((await w.call('GET', 'tenant/ztna/inventory/?state=pending&search=SN-REVIEW')).json())
        .results.map((r) => r.id)
        .sort();
    expect(await pendingIds()).toEqual([p1.welcome!.device_id, p2.welcome!.device_id].sort());

    const stranger = crypto.randomUUID();
    const approved = inventoryDecideResultSchema.parse(
      (
        await w.call('POST', 'tenant/ztna/inventory/decide/', { ids: [p1.welcome!.device_id, ana.id, stranger], decision: 'approve' }, 'admin@acme.test')
      ).json(),
    );
    expect(approved).toEqual({
      approved: 1,
      rejected: 0,
      readmitted: 0,
      skipped: [
        { id: ana.id, reason: 'Already approved' },
        { id: stranger, reason: 'No such endpoint in this organisation' },
      ],
    });
    expect(await p1.agent.next('approved')).toMatchObject({ credential: { device_id: p1.welcome!.device_id } });
    // What it was sent while pending (its section said not approved) may come first; the approval's push follows.
    let section = ztnaOf(await applyNext(p1.agent));
    if (!section.identity.approved) section = ztnaOf(await applyNext(p1.agent));
    expect(section.identity.approved).toBe(true);

    const rejected = inventoryDecideResultSchema.parse(
      (await w.call('POST', 'tenant/ztna/inventory/decide/', { ids: [p2.welcome!.device_id], decision: 'reject' })).json(),
    );
    expect(rejected).toMatchObject({ approved: 0, rejected: 1, skipped: [] });
    expect(await p2.agent.closed).toMatchObject({ code: 4411 });
    expect(await pendingIds()).toEqual([]);
    const enrolled = inventoryPageSchema.parse((await w.call('GET', 'tenant/ztna/inventory/?search=SN-REVIEW')).json());
    expect(enrolled.results.map((r) => [r.name, r.approved, r.enrolled_with, r.profile])).toEqual([['sn-review-1', true, 'Review first', 'mza']]);
  });

  it("gives an endpoint its user's new team within a round, without anyone changing zero trust", async () => {
    const users = teamUserListSchema.parse((await w.call('GET', 'teams/users/?page_size=0')).json()).results;
    const ops = await w.call('POST', 'teams/groups/', { name: 'Ops', user_ids: [users.find((u) => u.email === 'viewer@acme.test')!.id] });
    expect(ops.statusCode, ops.body).toBe(201);
    const section = ztnaOf(await applyNext(ana.agent));
    expect(section.identity.groups).toContain(String(ops.json().id));
    expect(section.identity.groups).toHaveLength(2);
    // Every section is up to date now: the reconciler finds nothing more to do (no revision made again and again).
    await waitFor(async () => (await w.t.app.services.deviceConfig.staleDevices('ztna', 100)).length === 0);
  });
});
