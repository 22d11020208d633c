import type { LightMyRequestResponse } from 'fastify';
import type { World } from './world/types';

/**
 * The SCIM service (/scim/v2) is outside the API document, so the generated probes do not reach
 * it: these do, in the suite's terms. A provisioning token reaches its own organisation only
 * (every victim id answers 404, every list leaves the victim's people out, no canary shows); no
 * console session, forged or missing token opens it; hostile bodies get a SCIM error, never a 5xx;
 * and the victim's people and groups are the same after all of it.
 */
const BASE = '/scim/v2';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const ROUTES: [string, string][] = [
  ['GET', '/ServiceProviderConfig'],
  ['GET', '/ResourceTypes'],
  ['GET', '/Schemas'],
  ['GET', '/ResourceTypes/User'],
  ['GET', '/Users'],
  ['POST', '/Users'],
  ['GET', '/Users/{id}'],
  ['PUT', '/Users/{id}'],
  ['PATCH', '/Users/{id}'],
  ['DELETE', '/Users/{id}'],
  ['GET', '/Groups'],
  ['POST', '/Groups'],
  ['GET', '/Groups/{id}'],
  ['PUT', '/Groups/{id}'],
  ['PATCH', '/Groups/{id}'],
  ['DELETE', '/Groups/{id}'],
];

const HOSTILE: unknown[] = ['\u0000', 'a\ud800b', 'x'.repeat(1_000_000), 12, -1.5, true, null, [], {}, [{ value: '\u0000' }], { $where: '1' }, '" or 1 eq 1'];

export interface ScimProbeResult {
  requests: number;
  findings: string[];
}

export async function probeScim(world: World): Promise<ScimProbeResult> {
  const { app } = world.t;
  const findings: string[] = [];
  let requests = 0;
  const call = async (method: string, url: string, token: string | null, body?: unknown): Promise<LightMyRequestResponse> => {
    requests += 1;
    const res = await app.inject({
      method: method as 'GET',
      url: `${BASE}${url}`,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const where = `${method} ${url.slice(0, 120)}`;
    if (res.statusCode >= 500) findings.push(`[5xx] ${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (!String(res.headers['content-type'] ?? '').includes('application/scim+json') && res.statusCode !== 204)
      findings.push(`[content type] ${where} → ${res.headers['content-type']}`);
    if (res.statusCode >= 400 && (res.json() as { schemas?: string[] }).schemas?.[0] !== ERROR)
      findings.push(`[error shape] ${where} → ${res.body.slice(0, 200)}`);
    return res;
  };
  const { attacker: attackerToken, victim: victimToken } = world.scimTokens;
  const snapshot = async () =>
    JSON.stringify([(await call('GET', '/Users?count=200', victimToken)).json(), (await call('GET', '/Groups?count=200', victimToken)).json()]);
  const before = await snapshot();
  if (!before.includes(world.marker)) findings.push('[fixture] the victim’s SCIM view holds no canary: the probes would prove nothing');

  // No credential but a provisioning token opens the service.
  for (const principal of world.principals)
    for (const [method, path] of ROUTES) {
      const res = await call(
        method,
        path.replace('{id}', world.victim.ids.user[0]!),
        principal.token,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      if (res.statusCode !== 401) findings.push(`[not a provisioning token] ${method} ${path} as ${principal.name} → ${res.statusCode}`);
    }

  // The attacker's token against every victim user and group.
  const victimUsers = (JSON.parse(before) as [{ Resources: { id: string; userName: string }[] }])[0].Resources;
  const targets: [string, string][] = [
    ...victimUsers.map((u) => ['/Users', u.id] as [string, string]),
    ...world.victim.ids.user.map((id) => ['/Users', id] as [string, string]),
    ...world.victim.ids.group.map((id) => ['/Groups', id] as [string, string]),
  ];
  for (const [collection, id] of targets) {
    const bodies = {
      PUT: collection === '/Users' ? { userName: `${world.marker}@globex.test`, active: false } : { displayName: world.marker, members: [] },
      PATCH: { Operations: [{ op: 'replace', value: collection === '/Users' ? { active: false } : { displayName: world.marker } }] },
    };
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, `${collection}/${id}`, attackerToken, method === 'PUT' || method === 'PATCH' ? bodies[method] : undefined);
      if (res.statusCode !== 404) findings.push(`[cross-tenant] ${method} ${collection}/${id} with the attacker's token → ${res.statusCode}`);
    }
  }
  for (const u of victimUsers)
    for (const filter of [`userName eq "${u.userName}"`, `id eq "${u.id}"`]) {
      const res = await call('GET', `/Users?filter=${encodeURIComponent(filter)}`, attackerToken);
      if ((res.json() as { totalResults?: number }).totalResults !== 0) findings.push(`[cross-tenant] a filter found the victim’s ${u.userName}`);
    }
  for (const [method, path] of ROUTES.filter(([m, p]) => m === 'GET' && !p.includes('{id}'))) {
    const res = await call(method, `${path}?count=200`, attackerToken);
    if (res.body.includes(world.marker)) findings.push(`[canary] ${method} ${path} with the attacker's token`);
  }

  // Hostile input, on the attacker's own objects: a SCIM error or a harmless success, never a 5xx.
  const ownUser = (await call('POST', '/Users', attackerToken, { userName: `fuzz-${Date.now()}@acme.test` })).json() as { id: string };
  const ownGroup = (await call('POST', '/Groups', attackerToken, { displayName: `fuzz ${Date.now()}` })).json() as { id: string };
  const shapes: [string, string, Record<string, unknown>][] = [
    ['POST', '/Users', { userName: 'new@acme.test', name: { givenName: 'A' }, emails: [{ value: 'new@acme.test' }], active: true, externalId: 'x' }],
    ['PUT', `/Users/${ownUser.id}`, { userName: 'fuzz@acme.test', name: { familyName: 'B' }, active: true }],
    ['PATCH', `/Users/${ownUser.id}`, { Operations: [{ op: 'replace', path: 'active', value: true }] }],
    ['POST', '/Groups', { displayName: 'Fuzzed', members: [{ value: ownUser.id }], externalId: 'g' }],
    ['PUT', `/Groups/${ownGroup.id}`, { displayName: 'Fuzzed', members: [] }],
    ['PATCH', `/Groups/${ownGroup.id}`, { Operations: [{ op: 'add', path: 'members', value: [{ value: ownUser.id }] }] }],
  ];
  for (const [method, url, valid] of shapes) {
    for (const field of Object.keys(valid))
      for (const value of HOSTILE) {
        const res = await call(method, url, attackerToken, { ...valid, [field]: value });
        // A NUL or an unpaired surrogate stored would break the next read of it.
        if (res.statusCode < 300 && typeof value === 'string' && (value.includes('\u0000') || /[\ud800-\udfff]/.test(value)))
          findings.push(`[invalid accepted] ${method} ${url} ${field}=${JSON.stringify(value).slice(0, 20)}`);
        if (res.statusCode === 201) await call('DELETE', `${url}/${(res.json() as { id: string }).id}`, attackerToken);
      }
    for (const raw of ['', '{', '[]', 'null', '"x"'])
      await app
        .inject({
          method: method as 'POST',
          url: `${BASE}${url}`,
          headers: { authorization: `Bearer ${attackerToken}`, 'content-type': 'application/scim+json' },
          payload: raw,
        })
        .then((res) => {
          requests += 1;
          if (res.statusCode >= 500 || res.statusCode < 400) findings.push(`[raw body] ${method} ${url} ${JSON.stringify(raw)} → ${res.statusCode}`);
        });
  }
  for (const filter of ['userName eq', 'userName co "a"', '(((', 'x'.repeat(999), 'emails[type eq "work" and value eq "a"]', 'userName eq "\u0000"'])
    await call('GET', `/Users?filter=${encodeURIComponent(filter)}&startIndex=-5&count=abc`, attackerToken);

  if ((await snapshot()) !== before) findings.push('[victim changed] the victim’s people or groups differ after the probes');
  return { requests, findings };
}
