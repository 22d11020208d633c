import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectorRowSchema,
  createdEnrolmentKeySchema,
  dnsGroupSchema,
  endpointProfileSchema,
  enrolmentKeyRowSchema,
  inviteRowSchema,
  relayRowSchema,
  securityGroupSchema,
  ztnaPolicySchema,
  ztnaServerSchema,
  ztnaSettingsSchema,
} from '@netloom/domain';
import { build, testBackends } from '../../test/build';
import { policy, server, ztnaWorld, type ZtnaWorld } from './test-fixtures';

describe.each(testBackends('pglite'))('zero-trust objects on %s', (backend) => {
  let w: ZtnaWorld;

  beforeAll(async () => {
    w = await ztnaWorld(await build(backend));
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it("gives every organisation its default 'mza' profile, which keeps its name and cannot go, and checks every other profile's references", async () => {
    const list = await w.call('GET', 'tenant/ztna/profiles/');
    expect(list.statusCode, list.body).toBe(200);
    const [mza] = endpointProfileSchema.array().parse(list.json());
    expect(mza).toMatchObject({ name: 'mza', is_default: true, auto_connect: true, assigned: { endpoints: [], groups: [] } });
    expect((await w.call('PUT', `tenant/ztna/profiles/${mza!.id}/`, { name: 'Renamed' })).json().errors).toEqual({
      name: ['The default profile keeps its name'],
    });
    expect((await w.call('DELETE', `tenant/ztna/profiles/${mza!.id}/`)).statusCode).toBe(409);
    const changed = await w.call('PUT', `tenant/ztna/profiles/${mza!.id}/`, { name: 'mza', auto_connect: false });
    expect(endpointProfileSchema.parse(changed.json())).toMatchObject({ name: 'mza', is_default: true, auto_connect: false });

    const bad = await w.call('POST', 'tenant/ztna/profiles/', { name: 'Contractors', split_tunnel: { mode: 'include', routes: ['10.0.0.0/33'] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['split_tunnel.routes.0']);
    const foreign = await w.call('POST', 'tenant/ztna/profiles/', {
      name: 'Contractors',
      relays: [crypto.randomUUID()],
      assigned: { endpoints: [], groups: [crypto.randomUUID()] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'relays.0': ['No such relay in this organisation'], 'assigned.groups.0': ['No such group in this organisation'] });
    expect((await w.call('POST', 'tenant/ztna/profiles/', { name: 'MZA' })).json()).toMatchObject({ detail: 'A profile with this name already exists.' });

    const created = await w.call('POST', 'tenant/ztna/profiles/', {
      name: 'Contractors',
      kind: 'dev_app',
      split_tunnel: { mode: 'exclude', routes: ['10.9.0.0/16'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const contractors = endpointProfileSchema.parse(created.json());
    expect(contractors).toMatchObject({ is_default: false, kind: 'dev_app' });
    const put = await w.call('PUT', `tenant/ztna/profiles/${contractors.id}/`, { name: 'Contractors EU', kind: 'classic' });
    expect(endpointProfileSchema.parse(put.json())).toMatchObject({ name: 'Contractors EU', kind: 'classic', split_tunnel: { routes: [] } });
    expect((await w.call('GET', 'tenant/ztna/profiles/')).json().map((p: { name: string }) => p.name)).toEqual(['mza', 'Contractors EU']);
    expect((await w.call('DELETE', `tenant/ztna/profiles/${contractors.id}/`)).statusCode).toBe(204);
    expect((await w.call('DELETE', `tenant/ztna/profiles/${contractors.id}/`)).statusCode).toBe(404);
  });

  it('keeps servers with their data protection, refuses bad addresses at the field, and keeps a server a policy names', async () => {
    const bad = await w.call('POST', 'tenant/ztna/servers/', server({ address: 'not an address', ports: [] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ address: ['Enter an IP, a subnet, an FQDN or *.domain'], ports: ['Add at least one protocol'] });
    const created = await w.call('POST', 'tenant/ztna/servers/', server({ name: 'Wiki', address: '*.wiki.corp.example' }));
    expect(created.statusCode, created.body).toBe(201);
    const wiki = ztnaServerSchema.parse(created.json());
    expect(wiki.dpc).toEqual({ download: true, upload: true, copy: true, managed_only: false });
    expect((await w.call('POST', 'tenant/ztna/servers/', server({ name: 'wiki' }))).statusCode).toBe(409);
    const dpc = await w.call('PUT', `tenant/ztna/servers/${wiki.id}/dpc/`, { download: false, upload: true, copy: false, managed_only: true });
    expect(ztnaServerSchema.parse(dpc.json()).dpc).toEqual({ download: false, upload: true, copy: false, managed_only: true });
    const put = await w.call('PUT', `tenant/ztna/servers/${wiki.id}/`, server({ name: 'Wiki', address: '10.20.0.0/16', site: 'DC' }));
    expect(ztnaServerSchema.parse(put.json())).toMatchObject({ address: '10.20.0.0/16', site: 'DC', dpc: { managed_only: true } });

    const p = await w.call('POST', 'tenant/ztna/policies/', policy({ name: 'Wiki for all', destinations: { servers: [wiki.id] } }));
    expect(p.statusCode, p.body).toBe(201);
    const used = await w.call('DELETE', `tenant/ztna/servers/${wiki.id}/`);
    expect(used.statusCode).toBe(409);
    expect(used.json().detail).toBe("The server is used by policy 'Wiki for all'.");
    expect((await w.call('DELETE', `tenant/ztna/policies/${ztnaPolicySchema.parse(p.json()).id}/`)).statusCode).toBe(204);
    expect((await w.call('DELETE', `tenant/ztna/servers/${wiki.id}/`)).statusCode).toBe(204);
    expect((await w.call('GET', `tenant/ztna/servers/${wiki.id}/`)).statusCode).toBe(404);
  });

  it('keeps policies in order, checks what they name, and refuses an order that leaves one out', async () => {
    const git = ztnaServerSchema.parse((await w.call('POST', 'tenant/ztna/servers/', server())).json());
    const empty = await w.call('POST', 'tenant/ztna/policies/', policy({ sources: { everyone: false }, destinations: {} }));
    expect(empty.json().errors).toMatchObject({ sources: ['Choose who the policy is for'], destinations: ['Choose at least one server or site'] });
    const foreign = await w.call(
      'POST',
      'tenant/ztna/policies/',
      policy({ sources: { security_groups: [crypto.randomUUID()] }, destinations: { servers: [git.id, crypto.randomUUID()] } }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({
      'sources.security_groups.0': ['No such security group in this organisation'],
      'destinations.servers.1': ['No such server in this organisation'],
    });
    const a = await w.call('POST', 'tenant/ztna/policies/', policy({ destinations: { servers: [git.id] } }));
    const b = await w.call('POST', 'tenant/ztna/policies/', policy({ name: 'No contractors', action: 'deny', destinations: { sites: ['HQ'] }, order: 1 }));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const list = async () => ztnaPolicySchema.array().parse((await w.call('GET', 'tenant/ztna/policies/')).json());
    expect((await list()).map((p) => [p.order, p.name])).toEqual([
      [1, 'No contractors'],
      [2, 'Engineers to Git'],
    ]);
    expect((await w.call('POST', 'tenant/ztna/policies/', policy({ name: 'engineers TO git', destinations: { servers: [git.id] } }))).statusCode).toBe(409);
    const ids = (await list()).map((p) => p.id);
    expect((await w.call('POST', 'tenant/ztna/policies/reorder/', { ids: [ids[0]] })).statusCode).toBe(400);
    expect((await w.call('POST', 'tenant/ztna/policies/reorder/', { ids: [...ids].reverse() })).statusCode).toBe(200);
    expect((await list()).map((p) => p.name)).toEqual(['Engineers to Git', 'No contractors']);
    const moved = await w.call(
      'PUT',
      `tenant/ztna/policies/${ids[0]}/`,
      policy({ name: 'No contractors', action: 'deny', destinations: { sites: ['HQ'] }, order: 1 }),
    );
    expect(ztnaPolicySchema.parse(moved.json()).order).toBe(1);
    for (const id of ids) expect((await w.call('DELETE', `tenant/ztna/policies/${id}/`)).statusCode).toBe(204);
    expect(await list()).toEqual([]);
  });

  it('keeps relays with their health, lists the enabled ones as the SASE list, and nameserver groups in order', async () => {
    const bad = await w.call('POST', 'tenant/ztna/relays/', { name: 'Mumbai', region: 'moon', address: 'relay one', port: 70000 });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['address', 'port', 'region']);
    const r1 = relayRowSchema.parse((await w.call('POST', 'tenant/ztna/relays/', { name: 'Mumbai', region: 'india', address: 'relay-in.example.net' })).json());
    const r2 = await w.call('POST', 'tenant/ztna/relays/', { name: 'Frankfurt', region: 'eu-central', address: '198.51.100.4', enabled: false });
    expect(r1).toMatchObject({ port: 51820, enabled: true, health: 'unknown', latency_ms: null });
    const sase = relayRowSchema.array().parse((await w.call('GET', `auth/ztna-sase-list/?tid=${w.acme.tenantId}`)).json());
    expect(sase.map((r) => r.name)).toEqual(['Mumbai']);
    expect((await w.call('GET', 'tenant/ztna/relays/')).json()).toHaveLength(2);
    const frankfurt = relayRowSchema.parse(r2.json());
    expect((await w.call('PUT', `tenant/ztna/relays/${frankfurt.id}/`, { name: 'Mumbai', region: 'eu-central', address: '198.51.100.4' })).statusCode).toBe(
      409,
    );
    const mza = endpointProfileSchema.parse((await w.call('GET', 'tenant/ztna/profiles/')).json()[0]);
    await w.call('PUT', `tenant/ztna/profiles/${mza.id}/`, { name: 'mza', relays: [frankfurt.id] });
    expect((await w.call('DELETE', `tenant/ztna/relays/${frankfurt.id}/`)).json().detail).toBe("The relay is used by profile 'mza'.");
    await w.call('PUT', `tenant/ztna/profiles/${mza.id}/`, { name: 'mza' });
    expect((await w.call('DELETE', `tenant/ztna/relays/${frankfurt.id}/`)).statusCode).toBe(204);

    const corp = await w.call('POST', 'tenant/ztna/dns/', { name: 'Corp', nameservers: ['10.0.0.53'], match_domains: ['corp.example'] });
    expect(corp.statusCode, corp.body).toBe(201);
    const noNs = await w.call('POST', 'tenant/ztna/dns/', { name: 'Empty', nameservers: [] });
    expect(noNs.json().errors).toEqual({ nameservers: ['Add at least one nameserver'] });
    const foreign = await w.call('POST', 'tenant/ztna/dns/', { name: 'Lab', nameservers: ['10.1.0.53'], security_groups: [crypto.randomUUID()] });
    expect(foreign.json().errors).toEqual({ 'security_groups.0': ['No such security group in this organisation'] });
    const lab = dnsGroupSchema.parse(
      (await w.call('POST', 'tenant/ztna/dns/', { name: 'Lab', nameservers: ['10.1.0.53'], match_domains: ['lab.corp.example'], order: 1 })).json(),
    );
    const names = async () =>
      dnsGroupSchema
        .array()
        .parse((await w.call('GET', 'tenant/ztna/dns/')).json())
        .map((g) => [g.order, g.name]);
    expect(await names()).toEqual([
      [1, 'Lab'],
      [2, 'Corp'],
    ]);
    await w.call('PUT', `tenant/ztna/dns/${lab.id}/`, { name: 'Lab', nameservers: ['10.1.0.53'], order: 5 });
    expect(await names()).toEqual([
      [1, 'Corp'],
      [2, 'Lab'],
    ]);
    expect((await w.call('DELETE', `tenant/ztna/dns/${lab.id}/`)).statusCode).toBe(204);
  });

  it('keeps security groups of the right kind with their members, and the overlay settings that name them', async () => {
    const wrongKind = await w.call('POST', 'tenant/ztna/security-groups/', { name: 'Staff', kind: 'users', endpoints: [crypto.randomUUID()] });
    expect(wrongKind.json().errors).toMatchObject({ endpoints: ['A users group holds no endpoints'] });
    const foreign = await w.call('POST', 'tenant/ztna/security-groups/', { name: 'Laptops', kind: 'endpoints', endpoints: [crypto.randomUUID()] });
    expect(foreign.statusCode).toBe(422);
    const staff = securityGroupSchema.parse(
      (await w.call('POST', 'tenant/ztna/security-groups/', { name: 'Staff', kind: 'both', users: ['Viewer@Acme.test'], rule: { os: ['macos'] } })).json(),
    );
    expect(staff.users).toEqual(['viewer@acme.test']);
    expect((await w.call('GET', `tenant/ztna/security-groups/${staff.id}/members/`)).json()).toEqual({ users: ['viewer@acme.test'], endpoints: [] });

    expect(ztnaSettingsSchema.parse((await w.call('GET', 'tenant/ztna/settings/')).json()).overlay_access.peer_to_peer).toBe(false);
    const stranger = crypto.randomUUID();
    const badPair = await w.call('PUT', 'tenant/ztna/settings/', { overlay_access: { peer_to_peer: true, allowed_pairs: [{ from: staff.id, to: stranger }] } });
    expect(badPair.statusCode).toBe(422);
    expect(badPair.json().errors).toEqual({ 'overlay_access.allowed_pairs.0.to': ['No such security group in this organisation'] });
    const saved = await w.call('PUT', 'tenant/ztna/settings/', {
      iao: { reauth_hours: 8 },
      overlay_access: { peer_to_peer: true, allowed_pairs: [{ from: staff.id, to: staff.id }] },
    });
    expect(ztnaSettingsSchema.parse(saved.json())).toMatchObject({ iao: { reauth_hours: 8, enabled: true }, overlay_access: { peer_to_peer: true } });

    const git = ztnaServerSchema.parse((await w.call('POST', 'tenant/ztna/servers/', server({ name: 'Git 2', address: 'git2.corp.example' }))).json());
    const p = ztnaPolicySchema.parse(
      (
        await w.call(
          'POST',
          'tenant/ztna/policies/',
          policy({ name: 'Staff git', sources: { security_groups: [staff.id] }, destinations: { servers: [git.id] } }),
        )
      ).json(),
    );
    expect((await w.call('DELETE', `tenant/ztna/security-groups/${staff.id}/`)).json().detail).toBe("The security group is used by policy 'Staff git'.");
    await w.call('DELETE', `tenant/ztna/policies/${p.id}/`);
    expect((await w.call('DELETE', `tenant/ztna/security-groups/${staff.id}/`)).statusCode).toBe(204);
    // The pair that named it went with it.
    expect(ztnaSettingsSchema.parse((await w.call('GET', 'tenant/ztna/settings/')).json()).overlay_access.allowed_pairs).toEqual([]);
  });

  it('makes a gateway an app connector of a site, never an endpoint or another organisation’s gateway', async () => {
    const claim = await w.call('POST', `device/claim/?tid=${w.acme.tenantId}`, { serial: 'SN-CONN-1', name: 'connector-hq', kind: 'gateway' });
    expect(claim.statusCode, claim.body).toBe(201);
    const gatewayId = String(claim.json().id);
    const theirs = await w.call('POST', 'tenant/connector/', { device_id: gatewayId, site: 'HQ' }, 'owner@globex.test');
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors).toEqual({ device_id: ['No such gateway in this organisation'] });
    const made = await w.call('POST', 'tenant/connector/', { device_id: gatewayId, site: 'HQ' });
    expect(made.statusCode, made.body).toBe(200);
    // Registered but never connected: down, whatever it reported.
    expect(connectorRowSchema.parse(made.json())).toMatchObject({ name: 'connector-hq', site: 'HQ', health: 'down', servers_reachable: null });
    expect(
      connectorRowSchema
        .array()
        .parse((await w.call('GET', `tenant/connector/?tid=${w.acme.tenantId}`)).json())
        .map((c) => c.device_id),
    ).toEqual([gatewayId]);
    expect((await w.call('GET', 'tenant/connector/', undefined, 'owner@globex.test')).json()).toEqual([]);
    expect((await w.call('DELETE', `tenant/connector/${gatewayId}/`, undefined, 'owner@globex.test')).statusCode).toBe(404);
    expect((await w.call('DELETE', `tenant/connector/${gatewayId}/`)).statusCode).toBe(204);
    expect((await w.call('DELETE', `tenant/connector/${gatewayId}/`)).statusCode).toBe(404);
  });

  it('shows a key once and only its prefix after, lets owners and admins alone make, revoke and delete keys, and invites by e-mail', async () => {
    expect((await w.call('POST', 'tenant/ztna/enrolment-keys/', { name: 'Laptops' }, 'editor@acme.test')).statusCode).toBe(403);
    const past = await w.call('POST', 'tenant/ztna/enrolment-keys/', { name: 'Old', expires_at: '2020-01-01T00:00:00Z', reusable: false, usage_limit: 5 });
    expect(past.json().errors).toEqual({ usage_limit: ['A single-use key is used once'], expires_at: ['Choose a time in the future'] });
    const users = securityGroupSchema.parse((await w.call('POST', 'tenant/ztna/security-groups/', { name: 'People', kind: 'users' })).json());
    const forUsers = await w.call('POST', 'tenant/ztna/enrolment-keys/', { name: 'Laptops', security_groups: [users.id] });
    expect(forUsers.statusCode).toBe(422);
    expect(forUsers.json().errors).toEqual({ 'security_groups.0': ['A users group holds no endpoints'] });

    const created = await w.call('POST', 'tenant/ztna/enrolment-keys/', { name: 'Laptops', reusable: true, usage_limit: 10 }, 'admin@acme.test');
    expect(created.statusCode, created.body).toBe(201);
    const key = createdEnrolmentKeySchema.parse(created.json());
    expect(key.key).toMatch(/^nlk_[A-Za-z0-9_-]{32}$/);
    expect(key).toMatchObject({ prefix: key.key.slice(0, 8), state: 'active', uses: 0, created_by: 'admin@acme.test' });
    const listed = await w.call('GET', 'tenant/ztna/enrolment-keys/', undefined, 'viewer@acme.test');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key.key);
    expect(
      enrolmentKeyRowSchema
        .array()
        .parse(listed.json())
        .map((k) => k.name),
    ).toContain('Laptops');
    expect((await w.call('POST', `tenant/ztna/enrolment-keys/${key.id}/revoke/`, undefined, 'editor@acme.test')).statusCode).toBe(403);
    expect(enrolmentKeyRowSchema.parse((await w.call('POST', `tenant/ztna/enrolment-keys/${key.id}/revoke/`)).json()).state).toBe('revoked');
    expect((await w.call('DELETE', `tenant/ztna/enrolment-keys/${key.id}/`, undefined, 'owner@globex.test')).statusCode).toBe(404);
    expect((await w.call('DELETE', `tenant/ztna/enrolment-keys/${key.id}/`)).statusCode).toBe(204);

    const invited = await w.call('POST', 'tenant/ztna/invites/', { emails: ['Dana@Acme.test', 'eli@acme.test'], valid_days: 3 });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(
      inviteRowSchema
        .array()
        .parse(invited.json())
        .map((i) => [i.email, i.enrolled_device_id]),
    ).toEqual(
      expect.arrayContaining([
        ['dana@acme.test', null],
        ['eli@acme.test', null],
      ]),
    );
    const mail = w.t.app.mailer.outbox.find((m) => m.to === 'dana@acme.test')!;
    expect(mail.subject).toContain('MicroZAccess');
    expect(mail.text).toContain('MicroZAccess-2.1.10-universal.pkg');
    expect(mail.text).toMatch(/Windows: https:\/\/\S+\.msi/);
    const mailed = /nlk_[A-Za-z0-9_-]{32}/.exec(mail.text)![0];
    const keys = enrolmentKeyRowSchema.array().parse((await w.call('GET', 'tenant/ztna/enrolment-keys/')).json());
    expect(keys.find((k) => k.prefix === mailed.slice(0, 8))).toMatchObject({ name: 'Invitation dana@acme.test', reusable: false, state: 'active' });
    expect((await w.call('GET', 'tenant/ztna/invites/', undefined, 'viewer@acme.test')).json()).toHaveLength(2);
    expect((await w.call('POST', 'tenant/ztna/invites/', { emails: ['x@acme.test'] }, 'editor@acme.test')).statusCode).toBe(403);
  });

  it('lets a viewer read but not change, an editor change, and keeps each organisation to its own objects', async () => {
    for (const path of [
      'tenant/ztna/profiles/',
      'tenant/ztna/servers/',
      'tenant/ztna/policies/',
      'tenant/ztna/security-groups/',
      'tenant/ztna/dns/',
      'tenant/ztna/inventory/',
    ])
      expect((await w.call('GET', path, undefined, 'viewer@acme.test')).statusCode, path).toBe(200);
    expect((await w.call('POST', 'tenant/ztna/servers/', server({ name: 'Viewer' }), 'viewer@acme.test')).statusCode).toBe(403);
    expect((await w.call('POST', 'tenant/ztna/servers/', server({ name: 'By editor' }), 'editor@acme.test')).statusCode).toBe(201);
    expect((await w.call('POST', 'tenant/ztna/inventory/decide/', { ids: [crypto.randomUUID()], decision: 'approve' }, 'editor@acme.test')).statusCode).toBe(
      403,
    );
    expect((await w.call('GET', 'tenant/ztna/servers/', undefined, 'owner@globex.test', w.acme.tenantId)).statusCode).toBe(404);

    const theirs = ztnaServerSchema.parse((await w.call('POST', 'tenant/ztna/servers/', server({ name: 'Globex app' }), 'owner@globex.test')).json());
    expect((await w.call('GET', `tenant/ztna/servers/${theirs.id}/`)).statusCode).toBe(404);
    expect((await w.call('PUT', `tenant/ztna/servers/${theirs.id}/`, server({ name: 'Mine now' }))).statusCode).toBe(404);
    expect((await w.call('DELETE', `tenant/ztna/servers/${theirs.id}/`)).statusCode).toBe(404);
    const naming = await w.call('POST', 'tenant/ztna/policies/', policy({ name: 'Reach theirs', destinations: { servers: [theirs.id] } }));
    expect(naming.statusCode).toBe(422);
    expect(naming.json().errors).toEqual({ 'destinations.servers.0': ['No such server in this organisation'] });
    // The same name in another organisation is another object.
    expect((await w.call('POST', 'tenant/ztna/servers/', server({ name: 'Globex app' }))).statusCode).toBe(201);
    expect(
      ztnaServerSchema
        .array()
        .parse((await w.call('GET', 'tenant/ztna/servers/', undefined, 'owner@globex.test')).json())
        .map((s) => s.name),
    ).toEqual(['Globex app']);
  });
});
