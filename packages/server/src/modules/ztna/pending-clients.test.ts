import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTestResultSchema,
  createdEnrolmentKeySchema,
  inventoryPageSchema,
  reachRowSchema,
  securityGroupMembersSchema,
  securityGroupRowSchema,
  securityGroupSchema,
  ztnaServerSchema,
} from '@netloom/domain';
import { build } from '../../test/build';
import { policy, server, ztnaWorld, type ZtnaWorld } from './test-fixtures';

describe('clients waiting for approval: what they show and what they reach', () => {
  let w: ZtnaWorld;
  const newKey = async (body: Record<string, unknown>) => {
    const res = await w.call('POST', 'tenant/ztna/enrolment-keys/', body);
    expect(res.statusCode, res.body).toBe(201);
    return createdEnrolmentKeySchema.parse(res.json());
  };
  const listed = async (state: 'enrolled' | 'pending') =>
    inventoryPageSchema.parse((await w.call('GET', `tenant/ztna/inventory/?state=${state}&page_size=0`)).json()).results;

  beforeAll(async () => {
    w = await ztnaWorld(await build('pglite'));
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it('shows the posture and country a client waiting for approval said hello with', async () => {
    const key = await newKey({ name: 'Needs a look', reusable: true, auto_approve: false });
    const posture = { os_version: '10.0.26100', client_version: '2.1.12', disk_encrypted: true, firewall_on: false };
    const { welcome } = await w.hello(key.key, { serial: 'SN-POSTURE-1', user: 'pia@acme.test' }, 'Windows 11', { posture, public_ip: '79.200.10.1' });
    expect(welcome).toMatchObject({ state: 'pending' });
    const row = (await listed('pending')).find((r) => r.id === welcome!.device_id);
    expect(row).toMatchObject({
      os: 'windows',
      client_version: '2.1.12',
      public_ip: '79.200.10.1',
      posture: { os: 'windows', os_version: '10.0.26100', client_version: '2.1.12', disk_encrypted: true, firewall_on: false, country: 'DE', approved: false },
    });
  });

  it('lets a pending client reach nothing and join no group; the groups list counts the members its detail shows', async () => {
    const windows = securityGroupSchema.parse(
      (await w.call('POST', 'tenant/ztna/security-groups/', { name: 'Windows laptops', kind: 'endpoints', rule: { os: ['windows'] } })).json(),
    );
    const newcomers = securityGroupSchema.parse((await w.call('POST', 'tenant/ztna/security-groups/', { name: 'Newcomers', kind: 'endpoints' })).json());
    const git = ztnaServerSchema.parse((await w.call('POST', 'tenant/ztna/servers/', server({ name: 'Git for all', address: 'git.all.example' }))).json());
    expect((await w.call('POST', 'tenant/ztna/policies/', policy({ name: 'Everyone to git', destinations: { servers: [git.id] } }))).statusCode).toBe(201);

    const approving = await newKey({ name: 'Approving', reusable: true, security_groups: [newcomers.id] });
    const waiting = await newKey({ name: 'Waiting', reusable: true, auto_approve: false, security_groups: [newcomers.id] });
    const ok = (await w.hello(approving.key, { serial: 'SN-REACH-OK', user: 'olga@acme.test' })).welcome!;
    const queued = (await w.hello(waiting.key, { serial: 'SN-REACH-WAIT', user: 'quinn@acme.test' })).welcome!;
    expect([ok.state, queued.state]).toEqual(['approved', 'pending']);

    for (const group of [windows, newcomers]) {
      const members = securityGroupMembersSchema.parse((await w.call('GET', `tenant/ztna/security-groups/${group.id}/members/`)).json());
      const ids = members.endpoints.map((e) => e.id);
      expect(ids, group.name).toContain(ok.device_id);
      expect(ids, group.name).not.toContain(queued.device_id);
      const row = securityGroupRowSchema
        .array()
        .parse((await w.call('GET', 'tenant/ztna/security-groups/')).json())
        .find((g) => g.id === group.id)!;
      expect(row.endpoint_count, group.name).toBe(members.endpoints.length);
    }
    // The approval queue shows the groups approving it gives.
    expect((await listed('pending')).find((r) => r.id === queued.device_id)?.security_groups.sort()).toEqual(['Newcomers', 'Windows laptops']);

    const reach = reachRowSchema.array().parse((await w.call('POST', 'tenant/ztna/policies/reach/', { server_id: git.id, port: 443 })).json());
    expect(reach.find((r) => r.device_id === ok.device_id)).toMatchObject({ action: 'allow' });
    expect(reach.map((r) => r.device_id)).not.toContain(queued.device_id);
    const tool = accessTestResultSchema.parse(
      (await w.call('POST', 'tenant/ztna/policies/test/', { device_id: queued.device_id, server_id: git.id, port: 443 })).json(),
    );
    expect(tool).toMatchObject({ action: 'deny', rule: 'not_approved', security_groups: [] });
  });
});
