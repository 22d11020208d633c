import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACCESS_RULES, decideAccess, sourcesMatch, type AccessDecision, type AccessRequest, type AccessRule, type AccessView } from './evaluate';
import { checkPosture } from './posture';
import { policy, request, server, uuid, GOOD_POSTURE } from './test-fixtures';
import { MOMENTS, NIGHTS, OFFICE_HOURS, POSTURE_CHOICES, numbered, policyBodyArb, postureArb, requestArb, sourcesArb, viewArb } from './test-arbitraries';
import type { ZtnaPolicy } from './policy';
import type { ZtnaServer } from './resources';

const SALES = uuid(0x6a1);
const CONTRACTORS = uuid(0x5601);
const view = (servers: ZtnaServer[], policies: ZtnaPolicy[]): AccessView => ({ servers, policies });

describe('decideAccess: every rule', () => {
  const git = server({ name: 'Git', ports: [{ protocol: 'tcp', ports: ['22', '443'] }], site: 'hq' });
  const seen = new Set<AccessRule>();
  const decide = (v: AccessView, req: AccessRequest): AccessDecision => {
    const d = decideAccess(v, req);
    seen.add(d.rule);
    return d;
  };

  it('policy: an allow policy lets its requester through', () => {
    const p = policy({ name: 'Engineers to Git', destinations: { servers: [git.id] } });
    expect(decide(view([git], [p]), request(git.id))).toEqual({
      action: 'allow',
      rule: 'policy',
      policy: { id: p.id, name: 'Engineers to Git' },
      failed: null,
      reason: 'Allowed by Engineers to Git',
    });
  });

  it('policy: a deny policy refuses', () => {
    const p = policy({ name: 'No Git', action: 'deny', destinations: { servers: [git.id] } });
    expect(decide(view([git], [p]), request(git.id))).toEqual({
      action: 'deny',
      rule: 'policy',
      policy: { id: p.id, name: 'No Git' },
      failed: null,
      reason: 'Denied by No Git',
    });
  });

  it('posture: an allow policy whose condition the endpoint fails denies, naming the condition', () => {
    const p = policy({ name: 'Git with firewall', destinations: { servers: [git.id] }, posture: { firewall: true } });
    expect(decide(view([git], [p]), request(git.id, { posture: { ...GOOD_POSTURE, firewall_on: false } }))).toEqual({
      action: 'deny',
      rule: 'posture',
      policy: { id: p.id, name: 'Git with firewall' },
      failed: { condition: 'firewall', message: 'The firewall is off' },
      reason: 'Git with firewall: The firewall is off',
    });
  });

  it('managed_only: a server for managed endpoints refuses one not approved, even when a policy allows', () => {
    const vault = server({ name: 'Vault', dpc: { managed_only: true } });
    const p = policy({ destinations: { servers: [vault.id] } });
    expect(decide(view([vault], [p]), request(vault.id, { posture: { ...GOOD_POSTURE, approved: null } }))).toEqual({
      action: 'deny',
      rule: 'managed_only',
      policy: { id: p.id, name: p.name },
      failed: null,
      reason: 'Vault accepts only managed, approved endpoints',
    });
    expect(decide(view([vault], [p]), request(vault.id)).action).toBe('allow');
  });

  it('not_approved: an endpoint waiting for approval reaches nothing, even what a policy for everyone allows', () => {
    const p = policy({ sources: { everyone: true, users: [], groups: [], security_groups: [] }, destinations: { servers: [git.id] } });
    expect(decide(view([git], [p]), request(git.id, { posture: { ...GOOD_POSTURE, approved: false } }))).toEqual({
      action: 'deny',
      rule: 'not_approved',
      policy: null,
      failed: null,
      reason: 'The endpoint is waiting for approval',
    });
    // A user asked about alone (no endpoint) is up to the policies.
    expect(decide(view([git], [p]), request(git.id, { endpointId: null, posture: { ...GOOD_POSTURE, approved: false } })).action).toBe('allow');
  });

  it('not_published: a protocol or port the server does not publish', () => {
    const p = policy({ destinations: { servers: [git.id] } });
    expect(decide(view([git], [p]), request(git.id, { port: 3389 }))).toEqual({
      action: 'deny',
      rule: 'not_published',
      policy: null,
      failed: null,
      reason: 'Git does not publish tcp/3389',
    });
    expect(decide(view([git], [p]), request(git.id, { protocol: 'icmp', port: null })).reason).toBe('Git does not publish icmp');
  });

  it('disabled: a disabled server refuses whatever the policies say', () => {
    const off = server({ name: 'Old wiki', enabled: false });
    expect(decide(view([off], [policy({ destinations: { servers: [off.id] } })]), request(off.id))).toEqual({
      action: 'deny',
      rule: 'disabled',
      policy: null,
      failed: null,
      reason: 'Old wiki is disabled',
    });
  });

  it('unknown_server: no such server', () => {
    expect(decide(view([git], []), request(uuid(0x5999)))).toEqual({
      action: 'deny',
      rule: 'unknown_server',
      policy: null,
      failed: null,
      reason: 'No such server',
    });
  });

  it('default: no policy decides, so it is denied', () => {
    const other = policy({ destinations: { servers: [uuid(0x5998)] } });
    expect(decide(view([git], [other]), request(git.id))).toEqual({
      action: 'deny',
      rule: 'default',
      policy: null,
      failed: null,
      reason: 'No policy allows this (default deny)',
    });
  });

  it('(every rule has an example above)', () => {
    expect([...seen].sort()).toEqual([...ACCESS_RULES].sort());
  });
});

describe('decideAccess: which policy is for the request', () => {
  const git = server({ ports: [{ protocol: 'tcp', ports: ['22', '443'] }], site: 'hq' });

  it('a policy naming the site is for every server of it', () => {
    const p = policy({ destinations: { sites: ['hq'] } });
    expect(decideAccess(view([git], [p]), request(git.id)).policy?.id).toBe(p.id);
    expect(decideAccess(view([git], [policy({ destinations: { sites: ['branch'] } })]), request(git.id)).rule).toBe('default');
  });

  it('a policy narrowing the ports decides only for them; the next one decides the rest', () => {
    const ssh = policy({ action: 'deny', destinations: { servers: [git.id], ports: [{ protocol: 'tcp', ports: ['22'] }] } });
    const rest = policy({ destinations: { servers: [git.id] } });
    const v = view([git], [ssh, rest]);
    expect(decideAccess(v, request(git.id, { port: 22 })).policy?.id).toBe(ssh.id);
    expect(decideAccess(v, request(git.id, { port: 443 })).policy?.id).toBe(rest.id);
  });

  it('sources: a user, a team or a security group the requester is in', () => {
    const byUser = policy({ sources: { users: ['bob@corp.example'] }, destinations: { servers: [git.id] } });
    const byGroup = policy({ sources: { groups: [SALES] }, destinations: { servers: [git.id] } });
    const bySecurityGroup = policy({ sources: { security_groups: [CONTRACTORS] }, destinations: { servers: [git.id] } });
    const v = view([git], [byUser, byGroup, bySecurityGroup]);
    expect(decideAccess(v, request(git.id, { user: 'bob@corp.example' })).policy?.id).toBe(byUser.id);
    expect(decideAccess(v, request(git.id, { groups: [SALES] })).policy?.id).toBe(byGroup.id);
    expect(decideAccess(v, request(git.id, { securityGroups: [CONTRACTORS] })).policy?.id).toBe(bySecurityGroup.id);
    expect(decideAccess(v, request(git.id)).rule).toBe('default');
    // Nobody signed in is nobody's user.
    expect(sourcesMatch(byUser.sources, { user: null, groups: [], securityGroups: [] })).toBe(false);
  });

  it('a disabled policy is skipped', () => {
    const off = policy({ action: 'deny', enabled: false, destinations: { servers: [git.id] } });
    const on = policy({ destinations: { servers: [git.id] } });
    expect(decideAccess(view([git], [off, on]), request(git.id)).policy?.id).toBe(on.id);
  });

  it('a scheduled policy decides inside its windows only', () => {
    const office = policy({ schedule: OFFICE_HOURS, destinations: { servers: [git.id] } });
    const v = view([git], [office]);
    expect(decideAccess(v, request(git.id, { at: MOMENTS[0] })).policy?.id).toBe(office.id);
    expect(decideAccess(v, request(git.id, { at: MOMENTS[2] })).rule).toBe('default');
  });

  it('a posture failure is the answer: a later policy that would allow is not read', () => {
    const strict = policy({ destinations: { servers: [git.id] }, posture: { disk_encryption: true } });
    const lax = policy({ destinations: { servers: [git.id] } });
    const d = decideAccess(view([git], [strict, lax]), request(git.id, { posture: { ...GOOD_POSTURE, disk_encrypted: false } }));
    expect(d).toMatchObject({ action: 'deny', rule: 'posture', policy: { id: strict.id }, failed: { condition: 'disk_encryption' } });
  });
});

/** A policy for everyone naming every server of the test universe, without ports, schedule or posture: it matches any request the server accepts. */
const matching = (n: number, action: 'allow' | 'deny', fields: Partial<ZtnaPolicy> = {}): ZtnaPolicy =>
  numbered(
    {
      description: '',
      enabled: true,
      action,
      sources: { everyone: true, users: [], groups: [], security_groups: [] },
      destinations: { servers: [], sites: ['hq', 'branch', 'cloud'], ports: [] },
      schedule: null,
      posture: POSTURE_CHOICES[0]!,
      ...fields,
    },
    n,
  );
/** The request on a server that accepts it (exists, enabled, publishes every port), so that only the policies decide. */
const OPEN = server({ ports: [{ protocol: 'any', ports: [] }], site: 'cloud' });
const withOpen = (v: AccessView): AccessView => ({ ...v, servers: [...v.servers, OPEN] });
const toOpen = (req: AccessRequest): AccessRequest => ({ ...req, serverId: OPEN.id, posture: GOOD_POSTURE });

describe('decideAccess: properties', () => {
  it('order: the first matching policy decides, and the policies below it never matter', () => {
    fc.assert(
      fc.property(viewArb, requestArb, fc.constantFrom('allow' as const, 'deny' as const), (v, req, action) => {
        const d = decideAccess(v, req);
        const at = d.policy ? v.policies.findIndex((p) => p.id === d.policy!.id) : v.policies.length;
        expect(decideAccess({ ...v, policies: v.policies.slice(0, at + 1) }, req)).toEqual(d);
        // A policy matching the request put on top decides it.
        const top = matching(99, action);
        const open = withOpen(v);
        expect(decideAccess({ ...open, policies: [top, ...v.policies] }, toOpen(req)).policy?.id).toBe(top.id);
      }),
    );
  });

  it('a deny above an allow wins, and an allow above a deny wins', () => {
    fc.assert(
      fc.property(viewArb, requestArb, (v, req) => {
        const open = withOpen(v);
        const r = toOpen(req);
        const deny = matching(97, 'deny');
        const allow = matching(98, 'allow');
        expect(decideAccess({ ...open, policies: [deny, allow, ...v.policies] }, r)).toMatchObject({ action: 'deny', rule: 'policy', policy: { id: deny.id } });
        expect(decideAccess({ ...open, policies: [allow, deny, ...v.policies] }, r)).toMatchObject({
          action: 'allow',
          rule: 'policy',
          policy: { id: allow.id },
        });
      }),
    );
  });

  it('a posture failure denies, naming the condition, whatever comes below', () => {
    fc.assert(
      fc.property(viewArb, requestArb, fc.constantFrom(...POSTURE_CHOICES), postureArb, (v, req, conditions, posture) => {
        const check = checkPosture(conditions, posture);
        fc.pre(!check.ok);
        // An endpoint waiting for approval is refused before any policy (see not_approved).
        fc.pre(!(req.endpointId && posture.approved === false));
        const strict = matching(96, 'allow', { posture: conditions });
        const d = decideAccess({ ...withOpen(v), policies: [strict, matching(95, 'allow'), ...v.policies] }, { ...toOpen(req), posture });
        expect(d).toEqual({
          action: 'deny',
          rule: 'posture',
          policy: { id: strict.id, name: strict.name },
          failed: check.ok ? null : { condition: check.condition, message: check.message },
          reason: `${strict.name}: ${check.ok ? '' : check.message}`,
        });
      }),
    );
  });

  it('a schedule outside its windows never matches: the decision is as if the policy were not there', () => {
    fc.assert(
      fc.property(
        viewArb,
        requestArb,
        fc.constantFrom(OFFICE_HOURS, NIGHTS),
        fc.constantFrom('allow' as const, 'deny' as const),
        (v, req, schedule, action) => {
          const open = withOpen(v);
          const r = toOpen(req);
          const scheduled = matching(94, action, { schedule });
          const inside = (schedule === OFFICE_HOURS ? MOMENTS[0] : MOMENTS[1])!;
          const outside = MOMENTS[2]!;
          expect(decideAccess({ ...open, policies: [scheduled, ...v.policies] }, { ...r, at: outside })).toEqual(decideAccess(open, { ...r, at: outside }));
          expect(decideAccess({ ...open, policies: [scheduled, ...v.policies] }, { ...r, at: inside }).policy?.id).toBe(scheduled.id);
        },
      ),
    );
  });

  it('disabled policies never decide: leaving them out changes nothing', () => {
    fc.assert(
      fc.property(viewArb, requestArb, (v, req) => {
        const d = decideAccess(v, req);
        expect(decideAccess({ ...v, policies: v.policies.filter((p) => p.enabled) }, req)).toEqual(d);
        if (d.policy) expect(v.policies.find((p) => p.id === d.policy!.id)?.enabled).toBe(true);
      }),
    );
  });

  it('no policy: default deny; only deny policies: nothing is allowed', () => {
    fc.assert(
      fc.property(viewArb, requestArb, (v, req) => {
        const none = decideAccess({ ...v, policies: [] }, req);
        expect(none.action).toBe('deny');
        expect(['default', 'unknown_server', 'disabled', 'not_published', 'not_approved']).toContain(none.rule);
        expect(decideAccess({ ...withOpen(v), policies: [] }, toOpen(req)).rule).toBe('default');
        const denies = v.policies.map((p) => ({ ...p, action: 'deny' as const }));
        expect(decideAccess({ ...v, policies: denies }, req).action).toBe('deny');
      }),
    );
  });

  it('an allow names its policy, which is enabled, for the requester and naming the server', () => {
    fc.assert(
      fc.property(viewArb, requestArb, (v, req) => {
        const d = decideAccess(v, req);
        if (d.action !== 'allow') return;
        const p = v.policies.find((x) => x.id === d.policy?.id)!;
        const s = v.servers.find((x) => x.id === req.serverId)!;
        expect(p.enabled && p.action === 'allow' && sourcesMatch(p.sources, req)).toBe(true);
        expect(p.destinations.servers.includes(s.id) || p.destinations.sites.includes(s.site)).toBe(true);
        expect(checkPosture(p.posture, req.posture)).toEqual({ ok: true });
      }),
    );
  });

  it('(the random views reach every rule)', () => {
    const rules = new Set<AccessRule>();
    fc.assert(
      fc.property(viewArb, requestArb, (v, req) => {
        rules.add(decideAccess(v, req).rule);
      }),
      { numRuns: 2_000 },
    );
    expect([...rules].sort()).toEqual([...ACCESS_RULES].sort());
  });

  it('(the arbitraries make valid policies)', () => {
    fc.assert(
      fc.property(policyBodyArb, sourcesArb, (body, sources) => {
        expect(body.destinations.servers.length + body.destinations.sites.length).toBeGreaterThan(0);
        expect(sources.everyone || sources.users.length + sources.groups.length + sources.security_groups.length > 0).toBe(true);
      }),
    );
  });
});
