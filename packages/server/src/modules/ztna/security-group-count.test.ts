import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdEnrolmentKeySchema, securityGroupMembersSchema, securityGroupRowSchema, securityGroupSchema } from '@netloom/domain';
import { build } from '../../test/build';
import { ztnaWorld, type ZtnaWorld } from './test-fixtures';

describe('the security groups list', () => {
  let w: ZtnaWorld;
  beforeAll(async () => {
    w = await ztnaWorld(await build('pglite'));
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it('counts the endpoints each group holds as its membership shows them: listed, by their user, or by its rule', async () => {
    const create = async (body: object) => securityGroupSchema.parse((await w.call('POST', 'tenant/ztna/security-groups/', body)).json());
    const byRule = await create({ name: 'Linux machines', kind: 'endpoints', rule: { os: ['linux'] } });
    const byUser = await create({ name: 'Lena', kind: 'users', users: ['lena@acme.test'] });
    const listed = await create({ name: 'Listed', kind: 'endpoints' });
    const key = createdEnrolmentKeySchema.parse(
      (await w.call('POST', 'tenant/ztna/enrolment-keys/', { name: 'Linux', reusable: true, security_groups: [listed.id] })).json(),
    );
    for (const serial of ['SN-LINUX-1', 'SN-LINUX-2'])
      expect((await w.hello(key.key, { serial, user: 'lena@acme.test' }, 'Ubuntu Linux')).welcome).toBeDefined();

    const rows = securityGroupRowSchema.array().parse((await w.call('GET', 'tenant/ztna/security-groups/')).json());
    for (const group of [byRule, byUser, listed]) {
      const members = securityGroupMembersSchema.parse((await w.call('GET', `tenant/ztna/security-groups/${group.id}/members/`)).json());
      expect(members.endpoints, group.name).toHaveLength(2);
      expect(rows.find((r) => r.id === group.id)?.endpoint_count, group.name).toBe(2);
    }
  });
});
