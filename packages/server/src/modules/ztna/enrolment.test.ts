import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createdEnrolmentKeySchema,
  enrolmentKeyRowSchema,
  inventoryPageSchema,
  inviteRowSchema,
  securityGroupMembersSchema,
  securityGroupSchema,
} from '@netloom/domain';
import { devices } from '../../db/schema/index';
import { build, testBackends } from '../../test/build';
import { ztnaWorld, type ZtnaWorld } from './test-fixtures';

const refusal = (why: string) => ({ code: 4401, reason: `bad enrolment key or credential: ${why}` });

describe.each(testBackends('concurrent writes'))('client enrolment keys on %s', (backend) => {
  let w: ZtnaWorld;
  const newKey = async (body: Record<string, unknown>) => {
    const res = await w.call('POST', 'tenant/ztna/enrolment-keys/', body);
    expect(res.statusCode, res.body).toBe(201);
    return createdEnrolmentKeySchema.parse(res.json());
  };
  const keyRow = async (id: string) =>
    enrolmentKeyRowSchema
      .array()
      .parse((await w.call('GET', 'tenant/ztna/enrolment-keys/')).json())
      .find((k) => k.id === id)!;

  beforeAll(async () => {
    w = await ztnaWorld(await build(backend));
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it('enrols one client with a single-use key, approved with its credential, and refuses a second, saying why', async () => {
    const key = await newKey({ name: 'Dana laptop' });
    const first = await w.hello(key.key, { serial: 'SN-ONCE-1', user: 'dana@acme.test' });
    expect(first.welcome).toMatchObject({ state: 'approved', credential: { device_id: first.welcome!.device_id } });
    const second = await w.hello(key.key, { serial: 'SN-ONCE-2', user: 'eli@acme.test' });
    expect(second.closed).toEqual(refusal('enrolment key used up'));
    expect(await keyRow(key.id)).toMatchObject({ uses: 1, state: 'used_up' });

    const inventory = inventoryPageSchema.parse((await w.call('GET', 'tenant/ztna/inventory/?search=SN-ONCE')).json());
    expect(inventory.results.map((r) => [r.name, r.user, r.approved, r.enrolled_with])).toEqual([['sn-once-1', 'dana@acme.test', true, 'Dana laptop']]);
    // The tenant's own key still enrols as it always did.
    expect((await w.hello(w.acme.key, { serial: 'SN-TENANT-KEY' })).welcome).toBeDefined();
    // A gateway is not a client.
    expect((await w.hello((await newKey({ name: 'For a gateway' })).key, { serial: 'SN-GW-NLK', kind: 'gateway' })).closed).toEqual(
      refusal('a client enrolment key enrols endpoints only'),
    );
    expect((await w.hello('nlk_not-a-key-anyone-was-ever-given-at-all', { serial: 'SN-GUESS' })).closed).toEqual({
      code: 4401,
      reason: 'bad enrolment key or credential',
    });
  });

  it('refuses an expired key and a revoked one', async () => {
    const soon = await newKey({ name: 'Short', reusable: true, expires_at: new Date(Date.now() + 1_500).toISOString() });
    const revoked = await newKey({ name: 'Revoked', reusable: true });
    expect((await w.call('POST', `tenant/ztna/enrolment-keys/${revoked.id}/revoke/`)).statusCode).toBe(200);
    expect((await w.hello(revoked.key, { serial: 'SN-REVOKED' })).closed).toEqual(refusal('enrolment key revoked'));
    await new Promise((r) => setTimeout(r, 1_600));
    expect((await w.hello(soon.key, { serial: 'SN-EXPIRED' })).closed).toEqual(refusal('enrolment key expired'));
    expect(await keyRow(soon.id)).toMatchObject({ uses: 0, state: 'expired' });
  });

  it('never enrols more clients than a key allows, however many say hello at once', async () => {
    const key = await newKey({ name: 'Three laptops', reusable: true, usage_limit: 3 });
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => w.hello(key.key, { serial: `SN-RUSH-${i}` })));
    expect(outcomes.filter((o) => o.welcome)).toHaveLength(3);
    expect(outcomes.filter((o) => o.closed).map((o) => o.closed)).toEqual(Array.from({ length: 5 }, () => refusal('enrolment key used up')));
    expect(await keyRow(key.id)).toMatchObject({ uses: 3, state: 'used_up' });
  });

  it("puts a client in the key's security groups, leaves it pending when the key does not approve, and takes no second use when it comes back", async () => {
    const laptops = securityGroupSchema.parse((await w.call('POST', 'tenant/ztna/security-groups/', { name: 'New laptops', kind: 'endpoints' })).json());
    const key = await newKey({ name: 'Pending ones', auto_approve: false, security_groups: [laptops.id] });
    const first = await w.hello(key.key, { serial: 'SN-PENDING-1', user: 'fay@acme.test' });
    expect(first.welcome).toMatchObject({ state: 'pending' });
    expect(first.welcome!.credential).toBeUndefined();
    const id = first.welcome!.device_id;
    const group = securityGroupSchema.parse((await w.call('GET', `tenant/ztna/security-groups/${laptops.id}/`)).json());
    expect(group.endpoints).toEqual([id]);
    // Listed in it, but a member only once approved.
    const members = async () => securityGroupMembersSchema.parse((await w.call('GET', `tenant/ztna/security-groups/${laptops.id}/members/`)).json());
    expect((await members()).endpoints).toEqual([]);

    // A pending client reconnects with the key it enrolled with (it has no credential yet).
    first.agent.ws.terminate();
    const again = await w.hello(key.key, { serial: 'SN-PENDING-1', user: 'fay@acme.test' });
    expect(again.welcome).toMatchObject({ device_id: id, state: 'pending' });
    expect(await keyRow(key.id)).toMatchObject({ uses: 1, state: 'used_up' });
    const pending = inventoryPageSchema.parse((await w.call('GET', 'tenant/ztna/inventory/?state=pending')).json());
    expect(pending.results.find((r) => r.id === id)).toMatchObject({ approved: false, enrolled_with: 'Pending ones', security_groups: ['New laptops'] });
    expect((await w.call('POST', 'tenant/ztna/inventory/decide/', { ids: [id], decision: 'approve' })).statusCode).toBe(200);
    expect((await members()).endpoints).toEqual([{ id, name: 'sn-pending-1', user: 'fay@acme.test', by: 'static' }]);
  });

  it('marks an invitation enrolled by the device that used its key', async () => {
    const invited = inviteRowSchema.array().parse((await w.call('POST', 'tenant/ztna/invites/', { emails: ['gus@acme.test'] })).json());
    const mail = [...w.t.app.mailer.outbox].reverse().find((m) => m.to === 'gus@acme.test')!;
    const key = /nlk_[A-Za-z0-9_-]{32}/.exec(mail.text)![0];
    const { welcome } = await w.hello(key, { serial: 'SN-INVITED', user: 'gus@acme.test' });
    expect(welcome).toMatchObject({ state: 'approved' });
    const invites = inviteRowSchema.array().parse((await w.call('GET', 'tenant/ztna/invites/')).json());
    expect(invites.find((i) => i.id === invited[0]!.id)!.enrolled_device_id).toBe(welcome!.device_id);
  });

  it('keeps the app-connector type a gateway says it is', async () => {
    const { welcome } = await w.hello(w.acme.key, { serial: 'SN-CONNECTOR', kind: 'gateway', device_type: 'app-connector' });
    const [row] = await w.t.app.services.db.select({ deviceType: devices.deviceType }).from(devices).where(eq(devices.id, welcome!.device_id));
    expect(row).toEqual({ deviceType: 'app-connector' });
  });
});
