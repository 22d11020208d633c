import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientEnrolmentSchema, enrolmentKeyRowSchema, inventoryPageSchema } from '@netloom/domain';
import { bearer, build, login } from '../../test/build';
import { ztnaWorld, type ZtnaWorld } from './test-fixtures';

const refusal = (why: string) => ({ code: 4401, reason: `bad enrolment key or credential: ${why}` });

describe('MicroZAccess client sign-in', () => {
  let w: ZtnaWorld;
  let guestToken: string;
  beforeAll(async () => {
    w = await ztnaWorld(await build('pglite'));
    guestToken = (await login(w.t.app, 'guest@acme.test')).access;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  const enrolment = (token: string, body: object = {}) =>
    w.t.app.inject({ method: 'POST', url: '/api/v1/tenant/ztna/client-enrolment/', headers: bearer(token), payload: body });
  const keyCount = async () => enrolmentKeyRowSchema.array().parse((await w.call('GET', 'tenant/ztna/enrolment-keys/')).json()).length;

  it("gives a guest-user a key of their tenant, handed to the client's loopback address, that enrols one device once", async () => {
    const res = await enrolment(guestToken, { redirect_uri: 'http://127.0.0.1:53124/callback', state: 'xyz' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = clientEnrolmentSchema.parse(res.json());
    expect(answer.tenant_name).toBe('Acme');
    expect(answer.key).toMatch(/^nlk_/);
    expect(answer.redirect).toBe(`http://127.0.0.1:53124/callback?key=${answer.key}&state=xyz`);
    const minutes = (Date.parse(answer.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    const first = await w.hello(answer.key, { serial: 'SN-CLIENT-SIGNIN-1', user: 'guest@acme.test' });
    expect(first.welcome?.device_id).toBeDefined();
    const second = await w.hello(answer.key, { serial: 'SN-CLIENT-SIGNIN-2', user: 'guest@acme.test' });
    expect(second.closed).toEqual(refusal('enrolment key used up'));
  });

  it('shows the key to copy when the client gave no address', async () => {
    const res = await enrolment(guestToken);
    expect(res.statusCode).toBe(201);
    expect(clientEnrolmentSchema.parse(res.json()).redirect).toBeNull();
  });

  it('stops working once its minutes are over', async () => {
    const answer = clientEnrolmentSchema.parse((await enrolment(guestToken)).json());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(answer.expires_at) + 1_000);
    expect((await w.hello(answer.key, { serial: 'SN-CLIENT-LATE' })).closed).toEqual(refusal('enrolment key expired'));
  });

  it('refuses an address that is not loopback, creating no key', async () => {
    const before = await keyCount();
    for (const redirect_uri of ['https://evil.test/cb', 'http://evil.test:8080/cb', 'http://127.0.0.1.evil.test:80/cb', 'http://127.0.0.1/cb']) {
      const res = await enrolment(guestToken, { redirect_uri });
      expect(res.statusCode, redirect_uri).toBe(400);
      expect(res.json().errors.redirect_uri).toBeDefined();
    }
    expect(await keyCount()).toBe(before);
  });

  it("gives another tenant's user a key of their own tenant, whose device lands in that tenant", async () => {
    const globex = (await login(w.t.app, 'owner@globex.test')).access;
    const answer = clientEnrolmentSchema.parse((await enrolment(globex)).json());
    expect(answer.tenant_name).toBe('Globex');
    expect((await w.hello(answer.key, { serial: 'SN-GLOBEX-SIGNIN' })).welcome).toBeDefined();
    /** Enrolled or pending: whichever the tenant's device registration says. */
    const listed = async (who: string) => {
      let n = 0;
      for (const state of ['enrolled', 'pending'])
        n += inventoryPageSchema.parse((await w.call('GET', `tenant/ztna/inventory/?search=SN-GLOBEX-SIGNIN&state=${state}`, undefined, who)).json()).count;
      return n;
    };
    expect(await listed('owner@globex.test')).toBe(1);
    expect(await listed('owner@acme.test')).toBe(0);
    // Asking for Acme's key with a Globex session reaches nothing.
    const other = await w.t.app.inject({
      method: 'POST',
      url: `/api/v1/tenant/ztna/client-enrolment/?tenant_id=${w.acme.tenantId}`,
      headers: bearer(globex),
      payload: {},
    });
    expect(other.statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const res = await w.t.app.inject({ method: 'POST', url: '/api/v1/tenant/ztna/client-enrolment/', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
