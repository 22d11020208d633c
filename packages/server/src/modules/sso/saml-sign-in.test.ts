import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logListSchema, samlEnabledSchema, sessionSchema, ssoDomainSchema, ssoProviderListSchema, ssoProviderSchema, type SsoProvider } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { labKey, readRequest, samlResponse, serveMetadata, type LabAnswer, type LabKey } from '../../test/saml-idp';

const ENTITY_ID = 'https://idp.lab.test/saml';
const IDP_SSO_URL = 'https://idp.lab.test/saml/sso';

describe.each(testBackends('pglite'))('SAML 2.0 sign-in through a lab identity provider (%s)', (backend) => {
  let t: TestApp;
  let owner: string;
  let provider: SsoProvider;
  let oldKey: LabKey;
  let newKey: LabKey;
  let strangerKey: LabKey;
  let published: LabKey[];
  let metadata: Awaited<ReturnType<typeof serveMetadata>>;
  const txt = new Map<string, string[][]>();

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(owner), ...(payload ? { payload } : {}) });

  /** The login page's way: ask where to go, and read the AuthnRequest the browser is sent with. */
  async function start(email: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/redirect-url/', payload: { email } });
    expect(res.statusCode, res.body).toBe(200);
    const redirect: string = res.json().redirect_url;
    expect(redirect.startsWith(`${IDP_SSO_URL}?SAMLRequest=`)).toBe(true);
    return { request: readRequest(redirect), cookie: res.cookies.find((c) => c.name === 'netloom_sso')!.value };
  }

  /** The IdP's auto-submitted form to the ACS; answers where the browser is sent next. */
  async function post(providerId: string, SAMLResponse: string, RelayState: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/saml/${providerId}/acs/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse, RelayState }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    const to = new URL(res.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe('http://console.test/auth/sso');
    return to.search;
  }

  /** The console's SSO page hands the browser's arrival to the server, with its binding cookie. */
  const finish = (params: string, cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/sso/complete/', payload: { params }, cookies: { netloom_sso: cookie } });

  async function signIn(answer: LabAnswer, opts: { tamper?: (xml: string) => string } = {}) {
    const { request, cookie } = await start(answer.email);
    let response = samlResponse(ENTITY_ID, request, answer, answer.key ?? oldKey);
    if (opts.tamper) response = Buffer.from(opts.tamper(Buffer.from(response, 'base64').toString('utf8'))).toString('base64');
    return finish(await post(provider.id, response, request.relayState), cookie);
  }

  async function expectRefused(res: Awaited<ReturnType<typeof finish>>, detail: RegExp) {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ code: 'sso_failed' });
    expect(res.json().detail).toMatch(detail);
  }

  const loginLog = async () => logListSchema.parse((await call('GET', 'logs/login-logs/?page_size=0')).json()).results;

  beforeAll(async () => {
    [oldKey, newKey, strangerKey] = await Promise.all([labKey('Lab IdP 2025'), labKey('Lab IdP 2026'), labKey('Somebody else')]);
    published = [oldKey];
    metadata = await serveMetadata(ENTITY_ID, IDP_SSO_URL, () => published);
    t = await build(backend, (c) => ({ ...c, sso: { ...c.sso, allowHttpIssuers: true, txtLookup: async (name) => txt.get(name) ?? [] } }));
    owner = (await login(t.app, 'owner@acme.test')).access;
    const created = await call('POST', 'tenant/sso/saml-providers/', { name: 'Lab SAML', metadata_url: metadata.url });
    expect(created.statusCode, created.body).toBe(201);
    provider = ssoProviderSchema.parse(created.json());
    const domain = ssoDomainSchema.parse((await call('POST', 'tenant/sso/domains/', { domain: 'acme.test' })).json());
    txt.set(domain.txt_name, [[domain.txt_value]]);
    expect((await call('POST', `tenant/sso/domains/${domain.id}/verify/`)).statusCode).toBe(200);
    await call('POST', 'tenant/sso/group-mappings/', { idp_group: 'netloom-admins', role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await metadata.close();
  });

  it('reads the IdP from its metadata and shows Netloom’s side to give the IdP', async () => {
    const [listed] = ssoProviderListSchema.parse((await call('GET', 'tenant/sso/providers/')).json()).results;
    expect(listed).toMatchObject({ kind: 'saml', name: 'Lab SAML', issuer: ENTITY_ID, groups_claim: 'groups' });
    expect(listed!.saml).toMatchObject({
      idp_entity_id: ENTITY_ID,
      idp_sso_url: IDP_SSO_URL,
      metadata_url: metadata.url,
      sp_entity_id: `http://console.test/api/v1/auth/saml/${provider.id}/metadata/`,
      acs_url: `http://console.test/api/v1/auth/saml/${provider.id}/acs/`,
    });
    expect(listed!.saml!.idp_certificates).toHaveLength(1);
    expect(listed!.saml!.idp_certificates[0]!.subject).toContain('Lab IdP 2025');
    expect(Date.parse(listed!.saml!.idp_certificates[0]!.not_after)).toBeGreaterThan(Date.now());

    const sp = await t.app.inject({ method: 'GET', url: `/api/v1/auth/saml/${provider.id}/metadata/` });
    expect(sp.statusCode).toBe(200);
    expect(sp.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(sp.body).toContain(`entityID="http://console.test/api/v1/auth/saml/${provider.id}/metadata/"`);
    expect(sp.body).toContain(`Location="http://console.test/api/v1/auth/saml/${provider.id}/acs/"`);
    expect(sp.body).toContain('WantAssertionsSigned="true"');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/auth/saml/${crypto.randomUUID()}/metadata/` })).statusCode).toBe(404);
  });

  it('refuses what is not IdP metadata, and a metadata URL that does not answer', async () => {
    const html = await call('POST', 'tenant/sso/saml-providers/', { name: 'Bad', metadata_xml: '<html><body>Sign in</body></html>' });
    expect(html.statusCode).toBe(400);
    expect(html.json().errors.metadata_xml).toEqual(['This is not SAML 2.0 metadata (an EntityDescriptor).']);
    const broken = await call('POST', 'tenant/sso/saml-providers/', { name: 'Bad', metadata_xml: '<md:EntityDescriptor' });
    expect(broken.json().errors.metadata_xml).toEqual(['The metadata is not well-formed XML.']);
    const gone = await call('POST', 'tenant/sso/saml-providers/', { name: 'Bad', metadata_url: 'http://127.0.0.1:9/metadata' });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().errors.metadata_url[0]).toMatch(/could not be reached/);
    const both = await call('POST', 'tenant/sso/saml-providers/', { name: 'Bad', metadata_url: metadata.url, metadata_xml: '<x/>' });
    expect(both.statusCode).toBe(400);
    expect((await call('GET', 'tenant/sso/providers/')).json().results).toHaveLength(1);
  });

  it('tells the login page which e-mails sign in with SAML', async () => {
    const ask = async (email: string) =>
      samlEnabledSchema.parse((await t.app.inject({ method: 'POST', url: '/api/v1/auth/saml-enabled/', payload: { email } })).json());
    expect(await ask('someone@acme.test')).toEqual({ saml: true });
    expect(await ask('someone@globex.test')).toEqual({ saml: false });
  });

  it('creates a new user at first sign-in with the default role', async () => {
    const res = await signIn({ email: 'Grace@acme.test', givenName: 'Grace', familyName: 'Hopper', groups: ['engineering'] });
    expect(res.statusCode, res.body).toBe(200);
    const session = sessionSchema.parse(res.json());
    expect(session.user).toMatchObject({ email: 'grace@acme.test', firstName: 'Grace', role: 'viewer', tenantName: 'Acme' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(session.access) })).statusCode).toBe(200);
  });

  it('gives the mapped role on the next sign-in when the IdP puts the user in a mapped group', async () => {
    const res = await signIn({ email: 'grace@acme.test', groups: ['engineering', 'netloom-admins'] });
    expect(sessionSchema.parse(res.json()).user.role).toBe('admin');
  });

  it('refuses an assertion edited after it was signed', async () => {
    const res = await signIn({ email: 'eve@acme.test', groups: ['engineering'] }, { tamper: (xml) => xml.replace('>engineering<', '>netloom-admins<') });
    await expectRefused(res, /signature does not match/);
  });

  it('refuses an assertion signed by a certificate the metadata does not name', async () => {
    await expectRefused(await signIn({ email: 'eve@acme.test', key: strangerKey }), /signature does not match/);
  });

  it('refuses an unsigned assertion', async () => {
    await expectRefused(await signIn({ email: 'eve@acme.test', unsigned: true }), /not signed/);
  });

  it('refuses an assertion for another audience, recipient or destination', async () => {
    await expectRefused(await signIn({ email: 'eve@acme.test', audience: 'https://other-sp.test/' }), /meant for another service/);
    await expectRefused(await signIn({ email: 'eve@acme.test', recipient: 'https://other-sp.test/acs' }), /meant for another address/);
    await expectRefused(await signIn({ email: 'eve@acme.test', destination: 'https://other-sp.test/acs' }), /sent to another address/);
  });

  it('refuses an expired assertion', async () => {
    await expectRefused(await signIn({ email: 'eve@acme.test', notOnOrAfter: new Date(Date.now() - 10 * 60_000) }), /expired/);
  });

  it('refuses an answer to a request Netloom never made', async () => {
    await expectRefused(await signIn({ email: 'eve@acme.test', inResponseTo: '_never-asked' }), /belongs to no sign-in/);
  });

  it('accepts an assertion once: the same response posted again is refused', async () => {
    const { request, cookie } = await start('grace@acme.test');
    const response = samlResponse(ENTITY_ID, request, { email: 'grace@acme.test' }, oldKey);
    expect((await finish(await post(provider.id, response, request.relayState), cookie)).statusCode).toBe(200);
    // Replayed into a sign-in of the attacker's own, or into the spent one.
    const fresh = await start('grace@acme.test');
    await expectRefused(await finish(await post(provider.id, response, fresh.request.relayState), fresh.cookie), /already used/);
    await post(provider.id, response, request.relayState);
    const reasons = (await loginLog()).filter((e) => e.details.reason === 'replayed');
    expect(reasons).toHaveLength(2);
  });

  it('accepts both certificates during a rollover, and only the new one once the old is gone', async () => {
    published = [oldKey, newKey];
    const refreshed = await call('PUT', `tenant/sso/saml-providers/${provider.id}/`, { refresh_metadata: true });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(ssoProviderSchema.parse(refreshed.json()).saml!.idp_certificates.map((c) => c.subject)).toEqual([
      expect.stringContaining('Lab IdP 2025'),
      expect.stringContaining('Lab IdP 2026'),
    ]);
    expect((await signIn({ email: 'grace@acme.test', key: oldKey })).statusCode).toBe(200);
    expect((await signIn({ email: 'grace@acme.test', key: newKey })).statusCode).toBe(200);

    published = [newKey];
    expect((await call('PUT', `tenant/sso/saml-providers/${provider.id}/`, { refresh_metadata: true })).statusCode).toBe(200);
    expect((await signIn({ email: 'grace@acme.test', key: newKey })).statusCode).toBe(200);
    await expectRefused(await signIn({ email: 'grace@acme.test', key: oldKey }), /signature does not match/);
  });

  it('keeps OpenID Connect settings off a SAML provider', async () => {
    const res = await call('PUT', `tenant/sso/providers/${provider.id}/`, { client_secret: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.client_secret).toEqual(['A SAML provider takes its settings from its metadata.']);
  });

  it('writes every SAML sign-in and refusal in the organisation’s login log with its reason', async () => {
    const sso = (await loginLog()).filter((e) => e.details.method === 'sso');
    expect(sso.some((e) => e.action === 'auth.login' && e.user === 'grace@acme.test')).toBe(true);
    const reasons = new Set(sso.filter((e) => e.action === 'auth.login_failed').map((e) => e.details.reason));
    expect([...reasons].sort()).toEqual(
      [
        'assertion_expired',
        'assertion_unsigned',
        'audience_mismatch',
        'destination_mismatch',
        'recipient_mismatch',
        'replayed',
        'signature_invalid',
        'unknown_request',
      ].sort(),
    );
  });
});
