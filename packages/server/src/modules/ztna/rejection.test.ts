import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CLOSE, createdEnrolmentKeySchema, enrolmentKeyRowSchema, inventoryDecideResultSchema, inventoryPageSchema } from '@netloom/domain';
import { build } from '../../test/build';
import { TestAgent } from '../../test/agent-client';
import { ztnaWorld, type ZtnaWorld } from './test-fixtures';

const REJECTED = { code: AGENT_CLOSE.rejected.code, reason: AGENT_CLOSE.rejected.reason };

describe('rejected and revoked clients stay out until let in again', () => {
  let w: ZtnaWorld;
  const newKey = async (body: Record<string, unknown>) => {
    const res = await w.call('POST', 'tenant/ztna/enrolment-keys/', body);
    expect(res.statusCode, res.body).toBe(201);
    return createdEnrolmentKeySchema.parse(res.json());
  };
  const decide = async (ids: string[], decision: 'approve' | 'reject' | 'readmit') => {
    const res = await w.call('POST', 'tenant/ztna/inventory/decide/', { ids, decision });
    expect(res.statusCode, res.body).toBe(200);
    return inventoryDecideResultSchema.parse(res.json());
  };
  const listed = async (state: 'enrolled' | 'pending' | 'rejected') =>
    inventoryPageSchema.parse((await w.call('GET', `tenant/ztna/inventory/?state=${state}&page_size=0`)).json()).results;
  const deviceTotal = async () => (await w.call('GET', 'tenant/tenant-info/')).json().devices as number;

  beforeAll(async () => {
    w = await ztnaWorld(await build('pglite'));
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it('keeps a rejected client out: refused plainly at once, whatever key it holds, out of the queue and the totals, until let in again', async () => {
    const key = await newKey({ name: 'Office laptops', reusable: true, auto_approve: false });
    const before = await deviceTotal();
    const first = await w.hello(key.key, { serial: 'SN-REJ-1', user: 'rita@acme.test' });
    expect(first.welcome).toMatchObject({ state: 'pending' });
    const id = first.welcome!.device_id;
    expect(await deviceTotal()).toBe(before + 1);

    expect(await decide([id], 'reject')).toEqual({ approved: 0, rejected: 1, readmitted: 0, skipped: [] });
    expect(await first.agent.closed).toEqual(REJECTED);
    // It comes straight back, with the key and with the organisation's own key: refused both times, not queued.
    expect((await w.hello(key.key, { serial: 'SN-REJ-1', user: 'rita@acme.test' })).closed).toEqual(REJECTED);
    expect((await w.hello(w.acme.key, { serial: 'SN-REJ-1' })).closed).toEqual(REJECTED);
    expect((await listed('pending')).map((r) => r.id)).not.toContain(id);
    expect((await listed('rejected')).map((r) => r.id)).toEqual([id]);
    expect(await deviceTotal()).toBe(before);
    const keyRow = enrolmentKeyRowSchema
      .array()
      .parse((await w.call('GET', 'tenant/ztna/enrolment-keys/')).json())
      .find((k) => k.id === key.id);
    expect(keyRow?.uses).toBe(1);
    // Deciding again on it changes nothing.
    expect((await decide([id], 'reject')).skipped).toEqual([{ id, reason: 'Already rejected' }]);
    expect((await decide([id], 'approve')).skipped).toEqual([{ id, reason: 'Rejected: let it in again instead' }]);

    // An admin lets it in again: it comes back approved, with its credential, as the same device.
    expect((await w.call('POST', 'tenant/ztna/inventory/decide/', { ids: [id], decision: 'readmit' }, 'editor@acme.test')).statusCode).toBe(403);
    expect(await decide([id], 'readmit')).toMatchObject({ readmitted: 1, skipped: [] });
    const back = await w.hello(key.key, { serial: 'SN-REJ-1', user: 'rita@acme.test' });
    expect(back.welcome).toMatchObject({ device_id: id, state: 'approved', credential: { secret: expect.any(String) } });
    expect((await listed('enrolled')).map((r) => r.id)).toContain(id);
    expect(await listed('rejected')).toEqual([]);
  });

  it('lets a rejected client in again when an admin claims its serial: the same device, approved, out of the rejected list', async () => {
    const key = await newKey({ name: 'Needs a look', reusable: true, auto_approve: false });
    const { welcome } = await w.hello(key.key, { serial: 'SN-REJ-CLAIM', user: 'rae@acme.test' });
    const id = welcome!.device_id;
    expect(await decide([id], 'reject')).toMatchObject({ rejected: 1 });
    expect((await w.hello(key.key, { serial: 'SN-REJ-CLAIM' })).closed).toEqual(REJECTED);

    // A viewer cannot claim it back; an admin can, under a name of the admin's choosing.
    const claim = { serial: 'SN-REJ-CLAIM', name: 'Rae laptop', kind: 'endpoint' };
    expect((await w.call('POST', 'device/claim/', claim, 'viewer@acme.test')).statusCode).toBe(403);
    const claimed = await w.call('POST', 'device/claim/', claim);
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toMatchObject({ id, name: 'Rae laptop' });

    const back = await w.hello(key.key, { serial: 'SN-REJ-CLAIM', user: 'rae@acme.test' });
    expect(back.welcome).toMatchObject({ device_id: id, state: 'approved' });
    expect(await listed('rejected')).toEqual([]);
    expect((await listed('enrolled')).map((r) => r.id)).toContain(id);
  });

  it('revokes an enrolled client: its connection closes and neither its credential nor its key brings it back', async () => {
    const key = await newKey({ name: 'Approved at once', reusable: true });
    const { agent, welcome } = await w.hello(key.key, { serial: 'SN-REVOKE-1', user: 'sam@acme.test' });
    expect(welcome).toMatchObject({ state: 'approved' });
    const { device_id: id, credential } = welcome!;
    expect(await decide([id], 'reject')).toMatchObject({ rejected: 1 });
    expect(await agent.closed).toEqual(REJECTED);

    const again = await TestAgent.connect(w.t.app);
    w.agents.push(again);
    again.hello({ kind: 'credential', device_id: id, secret: credential!.secret }, { serial: 'SN-REVOKE-1', name: 'sn-revoke-1', kind: 'endpoint' });
    expect(await again.closed).toEqual(REJECTED);
    expect((await w.hello(key.key, { serial: 'SN-REVOKE-1' })).closed).toEqual(REJECTED);
    expect((await listed('enrolled')).map((r) => r.id)).not.toContain(id);
  });
});
