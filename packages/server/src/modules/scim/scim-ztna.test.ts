import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdEnrolmentKeySchema, scimTokenCreatedSchema, ztnaPolicySchema, ztnaServerSchema, type ZtnaSection } from '@netloom/domain';
import { build, testBackends } from '../../test/build';
import type { TestAgent } from '../../test/agent-client';
import { applyNext, policy, server, ztnaWorld, type ZtnaWorld } from '../ztna/test-fixtures';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/**
 * A person the identity provider deactivates loses zero trust at once: the endpoints they are
 * signed in on get sections without them (no user, no teams, no policy at all), pushed by the
 * change itself. The reconciler is held off here, so nothing else could push them.
 */
describe.each(testBackends('pglite'))('SCIM deactivation and zero trust on %s', (backend) => {
  let w: ZtnaWorld;
  let token: string;
  let user: string;
  let endpoint: TestAgent;
  let endpointId: string;
  let policyId: string;
  let everyoneId: string;

  const scim = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    w.t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify(payload),
    });
  const active = (value: boolean) => scim('PATCH', `/Users/${user}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: value } }] });
  /** The next zero-trust section pushed to the endpoint, within `ms`. */
  const nextSection = async (ms: number) =>
    (await Promise.race([applyNext(endpoint), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`nothing pushed within ${ms} ms`)), ms))]))
      .ztna as ZtnaSection;

  beforeAll(async () => {
    w = await ztnaWorld(await build(backend, (c) => ({ ...c, ztna: { reconcileMs: 3_600_000 } })));
    token = scimTokenCreatedSchema.parse((await w.call('POST', 'tenant/scim/tokens/', { name: 'Okta' })).json()).token;
    user = (await scim('POST', '/Users', { userName: 'ada@acme.test', name: { givenName: 'Ada', familyName: 'Lovelace' } })).json().id;
    const team = (await scim('POST', '/Groups', { displayName: 'Engineers', members: [{ value: user }] })).json().id;
    const git = ztnaServerSchema.parse((await w.call('POST', 'tenant/ztna/servers/', server())).json()).id;
    const key = createdEnrolmentKeySchema.parse((await w.call('POST', 'tenant/ztna/enrolment-keys/', { name: 'Laptops', reusable: true })).json());
    const { agent, welcome } = await w.hello(key.key, { serial: 'SN-ADA', user: 'ada@acme.test' });
    endpoint = agent;
    endpointId = welcome!.device_id;
    const created = await w.call('POST', 'tenant/ztna/policies/', policy({ sources: { groups: [team] }, destinations: { servers: [git] } }));
    expect(created.statusCode, created.body).toBe(201);
    policyId = ztnaPolicySchema.parse(created.json()).id;
    const forEveryone = await w.call(
      'POST',
      'tenant/ztna/policies/',
      policy({ name: 'Everyone to git', sources: { everyone: true }, destinations: { servers: [git] } }),
    );
    expect(forEveryone.statusCode, forEveryone.body).toBe(201);
    everyoneId = ztnaPolicySchema.parse(forEveryone.json()).id;
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it('the endpoint runs its person’s team policy and the one for everyone while they are active', async () => {
    // The first section may be the one from before the second policy: the latest is what the endpoint runs.
    let section = await nextSection(10_000);
    while (section.policies.length < 2) section = await nextSection(10_000);
    expect(section.identity).toMatchObject({ user: 'ada@acme.test', groups: [expect.any(String)], approved: true });
    expect(section.policies.map((p) => p.id)).toEqual([policyId, everyoneId]);
  });

  it('loses it the moment the provider deactivates them, and gets it back on reactivation', async () => {
    expect((await active(false)).statusCode).toBe(200);
    const off = await nextSection(3_000);
    // Not even the policy for everyone: a deactivated person's endpoint reaches nothing.
    expect(off.identity).toMatchObject({ user: null, groups: [], approved: false });
    expect(off.policies).toEqual([]);

    expect((await active(true)).statusCode).toBe(200);
    const on = await nextSection(3_000);
    expect(on.identity.user).toBe('ada@acme.test');
    expect(on.policies.map((p) => p.id)).toEqual([policyId, everyoneId]);
    const config = await w.call('GET', `device/config/${endpointId}/`);
    expect(config.json()).toMatchObject({ revision: { source: 'ztna', message: 'ada@acme.test was activated by the identity provider' } });
  });
});
