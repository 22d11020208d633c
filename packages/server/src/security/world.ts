import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { authenticator } from 'otplib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Role } from '@netloom/domain';
import { memberships, tenants, users } from '../db/schema/index';
import { newEnrolmentKey } from '../fleet/credentials';
import { DEMO_PASSWORD, type TestApp } from '../test/build';
import { TestAgent, enrolmentKey } from '../test/agent-client';
import type { Kind } from './openapi';
import { recordChange } from '../modules/alarms/repo';

/**
 * Every request comes from a new address: the per-address limits (login, registration) are
 * tested elsewhere and would otherwise answer 429 to most of the suite.
 */
let addressCounter = 0;
export function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export async function send(app: FastifyInstance, method: string, url: string, token: string | null, body?: unknown): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method: method as 'GET',
    url,
    headers,
    remoteAddress: nextAddress(),
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/** A call that must work for the world to be what the suite claims it is. */
async function must(app: FastifyInstance, method: string, url: string, token: string | null, body?: unknown): Promise<Record<string, unknown>> {
  const res = await send(app, method, url, token, body);
  if (res.statusCode >= 300) throw new Error(`fixture: ${method} ${url} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.body ? (res.json() as Record<string, unknown>) : {};
}

export interface Principal {
  name: string;
  token: string | null;
  isSuperAdmin: boolean;
  /** False for no token and for forged ones: nothing secured may answer them. */
  authentic: boolean;
  /** The tenant the principal acts in when it names none: the attacker's, another one, or none. */
  home: 'attacker' | 'other' | 'none';
}

export type Ids = Record<Kind, string[]>;

export interface Side {
  tenantId: string;
  ids: Ids;
}

export interface World {
  t: TestApp;
  /** Every text planted in the victim's data contains it; no answer to anyone else may. */
  marker: string;
  attacker: Side;
  victim: Side;
  principals: Principal[];
  /** The victim tenant's owner: reads the victim's data before and after the probes. */
  victimToken: string;
  /** A new user of the attacker tenant (or a new super admin) with a live session. */
  freshUser(role: Role | 'super'): Promise<{ id: string; email: string; token: string }>;
  login(email: string): Promise<{ access: string; refresh: string | null }>;
  /** A new object of the attacker tenant (a new tenant for kind 'tenant'), for calls that change or delete it. */
  /** A new object of the attacker tenant; one that lives inside a device (a revision) names it. */
  freshObject(kind: Kind): Promise<{ id: string; name: string; deviceId?: string }>;
  /** A password-reset token of a user, read from the mail the server sent. */
  resetToken(email: string): Promise<string | null>;
  /**
   * What a call that takes a second-factor code needs to be valid: for 'enable', a set-up begun
   * and its current TOTP code; for 'disable' and 'login', two-factor on and an unused recovery
   * code (the TOTP step is spent by the enabling), and for 'login' the sign-in's ephemeral token.
   */
  secondFactor(user: { email: string; token: string }, purpose: 'enable' | 'disable' | 'login'): Promise<{ code: string; ephemeral_token?: string }>;
  agents: TestAgent[];
}

const emptyIds = (): Ids => ({
  tenant: [],
  device: [],
  network: [],
  user: [],
  group: [],
  revision: [],
  template: [],
  operation: [],
  channel: [],
  alarm: [],
  policy: [],
  rollout: [],
  endpoint: [],
  ztnaProfile: [],
  enrolmentKey: [],
  ztnaServer: [],
  relay: [],
  dnsGroup: [],
  securityGroup: [],
  ztnaPolicy: [],
  connector: [],
  announcement: [],
  report: [],
  reportSchedule: [],
});

/** Zero-trust fields a generated call cannot guess: a policy's who and what, a server's or relay's address, nameservers, the tool's user. */
export const ZTNA_FIELD_VALUES: Record<string, unknown> = {
  sources: { everyone: true },
  destinations: { sites: ['HQ'] },
  address: 'app.example.net',
  nameservers: ['10.0.0.53'],
  user: 'viewer@acme.test',
  // The MicroZAccess client's sign-in hands its key only to a loopback address.
  redirect_uri: 'http://127.0.0.1:53124/cb',
};

type Must = (method: string, url: string, token: string, body?: unknown) => Promise<Record<string, unknown>>;

/** Zero-trust objects of a tenant, each named (and addressed) after `name`. */
function ztnaObjects(must: Must, token: string, tid: string) {
  const q = `?tenant_id=${tid}`;
  const create = async (path: string, body: unknown) => String((await must('POST', `/api/v1/${path}${q}`, token, body)).id);
  return {
    securityGroup: (name: string) => create('tenant/ztna/security-groups/', { name, kind: 'both', users: [`${name}@example.test`] }),
    server: (name: string) =>
      create('tenant/ztna/servers/', { name, address: `${name}.corp.example`, ports: [{ protocol: 'tcp', ports: ['443'] }], site: name }),
    relay: (name: string) => create('tenant/ztna/relays/', { name, region: 'uk', address: `${name}.relay.example` }),
    dnsGroup: (name: string, securityGroup?: string) =>
      create('tenant/ztna/dns/', {
        name,
        nameservers: ['10.0.0.53'],
        match_domains: [`${name}.example`],
        security_groups: securityGroup ? [securityGroup] : [],
      }),
    profile: (name: string) => create('tenant/ztna/profiles/', { name, description: name }),
    policy: (name: string, server: string, securityGroup?: string) =>
      create('tenant/ztna/policies/', {
        name,
        action: 'allow',
        sources: securityGroup ? { security_groups: [securityGroup] } : { everyone: true },
        destinations: { servers: [server] },
      }),
    key: (name: string) => create('tenant/ztna/enrolment-keys/', { name }),
    connector: async (gatewayId: string, site: string) => {
      await must('POST', `/api/v1/tenant/connector/${q}`, token, { device_id: gatewayId, site });
      return gatewayId;
    },
  };
}

/** How every canary begins: a search for it finds the victim's planted names and nothing of anyone else's. */
export const CANARY_PREFIX = 'cnry';

/** Path parameters that name one of a few words the document does not list (an unknown one answers 404): a valid word. */
export const PATH_WORDS: Record<string, string> = { tour: 'sdwan' };

/** A report's period and a schedule's recipients, which a generated call cannot guess. */
export const REPORT_FIELD_VALUES: Record<string, unknown> = {
  from: new Date(Date.now() - 86_400_000).toISOString(),
  to: new Date().toISOString(),
  recipients: ['reports@example.test'],
};

/** A host the attacker's gateway reports on its LAN: NAC decisions name it. */
export const ATTACKER_NAC_MAC = '02:00:00:00:0a:01';

export async function buildWorld(t: TestApp): Promise<World> {
  const { app } = t;
  const db = app.services.db;
  const marker = `${CANARY_PREFIX}${randomBytes(6).toString('hex')}`;
  const canary = (what: string) => `${marker}${what}`;
  await app.listen({ port: 0, host: '127.0.0.1' });

  const acme = await enrolmentKey(app, 'Acme');
  const globex = await enrolmentKey(app, 'Globex');
  const [template] = await db.select().from(users).where(eq(users.email, 'owner@acme.test'));
  const passwordHash = template!.passwordHash!;
  const userId = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  const login = async (email: string) => {
    const res = await send(app, 'POST', '/api/v1/auth/login/', null, { username: email, password: DEMO_PASSWORD });
    if (res.statusCode !== 200) throw new Error(`fixture: login ${email}: ${res.statusCode} ${res.body}`);
    const s = res.json() as { access: string; refresh?: string };
    return { access: s.access, refresh: s.refresh ?? null };
  };

  const insertUser = async (role: Role | 'super', tenantId: string | null, names: { first?: string; last?: string; email?: string } = {}) => {
    const id = crypto.randomUUID();
    const email = names.email ?? `u${randomBytes(5).toString('hex')}@example.test`;
    await db.insert(users).values({
      id,
      email,
      username: email,
      firstName: names.first ?? 'Fresh',
      lastName: names.last ?? 'User',
      companyName: '',
      passwordHash,
      isSuperAdmin: role === 'super',
      active: true,
    });
    if (role !== 'super' && tenantId) await db.insert(memberships).values({ userId: id, tenantId, role });
    return { id, email };
  };

  const sessions: Record<string, string> = {};
  for (const email of [
    'super@demo.test',
    'owner@acme.test',
    'admin@acme.test',
    'editor@acme.test',
    'viewer@acme.test',
    'guest@acme.test',
    'owner@globex.test',
  ]) {
    sessions[email] = (await login(email)).access;
  }

  // A third tenant whose owner has nothing of the victim's either.
  const otherTenant = crypto.randomUUID();
  await db
    .insert(tenants)
    .values({ id: otherTenant, name: `Initech ${randomBytes(3).toString('hex')}`, subscriptions: ['sdwan', 'ztna'], enrolmentKey: newEnrolmentKey() });
  const otherOwner = await insertUser('owner', otherTenant);
  const otherToken = (await login(otherOwner.email)).access;

  // The victim (Globex), with a canary in every text field the API lets its owner write.
  const victim: Side = { tenantId: globex.tenantId, ids: emptyIds() };
  victim.ids.tenant.push(globex.tenantId);
  victim.ids.user.push(await userId('owner@globex.test'));
  const gOwner = sessions['owner@globex.test']!;
  const superToken = sessions['super@demo.test']!;
  const q = `?tid=${globex.tenantId}`;
  await must(app, 'PUT', `/api/v1/tenant/${globex.tenantId}/`, superToken, { name: `Globex ${canary('tenant')}` });
  await must(app, 'PUT', `/api/v1/tenant/organisation/${q}`, gOwner, {
    display_name: canary('display'),
    legal_name: canary('legal'),
    address: canary('address'),
    website: `https://${canary('web')}.example`,
  });
  // A saved dashboard layout: nobody else may read, change or reset it.
  await must(app, 'PUT', `/api/v1/tenant/config/dashboard-layout/ztna/${q}`, gOwner, {
    widgets: [
      { id: 'devices', shown: true },
      { id: 'map', shown: false },
    ],
  });
  await must(app, 'PUT', '/api/v1/settings/profile/', gOwner, { first_name: canary('first'), last_name: canary('last'), company_name: canary('company') });
  victim.ids.network.push(String((await must(app, 'POST', `/api/v1/network/list/${q}`, gOwner, { name: canary('net') })).id));
  victim.ids.group.push(String((await must(app, 'POST', `/api/v1/teams/groups/${q}`, gOwner, { name: canary('grp'), description: canary('grpdesc') })).id));
  victim.ids.user.push(
    String(
      (
        await must(app, 'POST', `/api/v1/teams/users/${q}`, gOwner, {
          email: `${canary('invite')}@globex.test`,
          role: 'viewer',
          first_name: canary('ifirst'),
          last_name: canary('ilast'),
        })
      ).id,
    ),
  );
  const member = await insertUser('editor', globex.tenantId, { first: canary('mfirst'), last: canary('mlast'), email: `${canary('member')}@globex.test` });
  victim.ids.user.push(member.id);
  await login(member.email);
  victim.ids.device.push(
    String((await must(app, 'POST', `/api/v1/device/claim/${q}`, gOwner, { serial: canary('serial'), name: canary('claimed'), kind: 'gateway' })).id),
  );

  // A configuration revision of the victim's device, with a canary in its document.
  const configDocument = (name: string) => ({
    static_routes: [{ id: crypto.randomUUID(), name, destination: '10.9.0.0/16', gateway: '10.0.0.1' }],
  });
  const saveConfig = async (deviceId: string, token: string, tid: string, name: string) => {
    await must(app, 'PUT', `/api/v1/device/config/${deviceId}/?tid=${tid}`, token, { document: configDocument(name), message: name });
    const { results } = (await must(app, 'GET', `/api/v1/device/config/${deviceId}/revisions/?tid=${tid}`, token)) as { results: { id: string }[] };
    return results[0]!.id;
  };
  victim.ids.revision.push(await saveConfig(victim.ids.device[0]!, gOwner, globex.tenantId, canary('route')));

  // A config template of the victim with canaries in its sections, bound to its device: a bulk push.
  const newTemplate = async (token: string, tid: string, name: string) => {
    const id = String((await must(app, 'POST', `/api/v1/template/config/?tid=${tid}`, token, { name, description: name })).id);
    await must(app, 'PUT', `/api/v1/template/config/${id}/sections/static_routes/?tid=${tid}`, token, { section: configDocument(name).static_routes });
    return id;
  };
  const bindTemplate = async (token: string, tid: string, deviceId: string, templateId: string) =>
    String(
      (await must(app, 'PUT', `/api/v1/template/bindings/device/${deviceId}/?tid=${tid}`, token, { template_ids: [templateId], variables: {} })).operation_id,
    );
  victim.ids.template.push(await newTemplate(gOwner, globex.tenantId, canary('tpl')));
  victim.ids.operation.push(await bindTemplate(gOwner, globex.tenantId, victim.ids.device[0]!, victim.ids.template[0]!));

  // A notification channel of the victim, and an alarm of its device (what the bell lists).
  const newChannel = async (token: string, tid: string, name: string) =>
    String((await must(app, 'POST', `/api/v1/notification-channels/?tid=${tid}`, token, { name, kind: 'email', target: `${name}@example.test` })).id);
  const newAlarm = async (tenantId: string, deviceId: string, name: string) =>
    (await recordChange(db, {
      tenantId,
      deviceId,
      deviceName: name,
      kind: 'wan',
      subject: name.slice(0, 32),
      state: 'Alerting',
      alarm: `WAN ${name} down`,
      detail: null,
      at: new Date(),
    }))!.id;
  victim.ids.channel.push(await newChannel(gOwner, globex.tenantId, canary('chan')));
  // The victim's own default alarm thresholds: a write through another tenant would show as changed data.
  await must(app, 'PUT', `/api/v1/alarm-defaults/?tid=${globex.tenantId}`, gOwner, { latency_ms: 211, jitter_ms: 23, loss_pct: 3, hold_seconds: 17 });
  // A web-filter policy of the victim, with a canary in its name and its blocked URLs.
  const newPolicy = async (token: string, tid: string, name: string) =>
    String(
      (
        await must(app, 'POST', `/api/v1/tenant/config/webfilter-policy/?tenant_id=${tid}`, token, {
          name: name.slice(0, 40),
          applies_to: { everyone: true },
          blocked_urls: [`${name.slice(0, 30)}.example.com`],
        })
      ).id,
    );
  victim.ids.alarm.push(await newAlarm(globex.tenantId, victim.ids.device[0]!, canary('alarm')));

  // A device of the victim that enrolled and reported through the agent protocol, with canaries in what it reports.
  const agents: TestAgent[] = [];
  const agent = await TestAgent.connect(app);
  agents.push(agent);
  agent.send({
    type: 'hello',
    protocol: 1,
    auth: { kind: 'enrol', enrolment_key: globex.key },
    identity: { serial: canary('aserial'), name: canary('agent'), kind: 'endpoint', user: `${canary('dev')}@globex.test` },
    model: canary('model'),
    os: canary('os'),
    version: canary('ver').slice(0, 32),
  });
  const welcome = (await agent.next('welcome')) as { device_id: string; state: string };
  victim.ids.device.push(welcome.device_id);
  // Made once every victim device exists: each gets its web filter now, none later in the middle of the probes.
  victim.ids.policy.push(await newPolicy(gOwner, globex.tenantId, canary('wfp')));
  if (welcome.state !== 'approved') await must(app, 'POST', `/api/v1/device/${welcome.device_id}/approve/${q}`, gOwner);
  agent.send({
    type: 'heartbeat',
    status: 'running',
    wan: [{ name: canary('wan').slice(0, 32), status: 'up', ifname: canary('if').slice(0, 32), weight: 1 }],
    public_ip: '203.0.113.77',
    location: { name: canary('place'), lat: 10, lng: 10 },
  });
  await agent.next('ack');
  agent.send({
    type: 'metrics',
    at: new Date().toISOString(),
    interfaces: [{ ifname: canary('mif').slice(0, 32), rx_bytes: 1, tx_bytes: 1 }],
    pings: [{ ifname: canary('pif').slice(0, 32), latency_ms: 1, loss_pct: 0 }],
  });
  await agent.next('ack');
  // A gateway of the victim's that exported flow records, with canaries in the site, application,
  // WAN and user the traffic charts and the drill-down show.
  const exporter = await TestAgent.connect(app);
  agents.push(exporter);
  exporter.send({
    type: 'hello',
    protocol: 1,
    auth: { kind: 'enrol', enrolment_key: globex.key },
    identity: { serial: canary('gserial'), name: canary('gateway'), kind: 'gateway' },
    model: 'NL-100',
    os: 'NetloomOS',
    version: '1.0.0',
  });
  const exporterWelcome = (await exporter.next('welcome')) as { device_id: string; state: string };
  victim.ids.device.push(exporterWelcome.device_id);
  if (exporterWelcome.state !== 'approved') await must(app, 'POST', `/api/v1/device/${exporterWelcome.device_id}/approve/${q}`, gOwner);
  const now = Date.now();
  exporter.send({
    type: 'flows',
    records: [
      {
        start: new Date(now - 30_000).toISOString(),
        end: new Date(now).toISOString(),
        src_ip: '10.66.0.2',
        src_port: 50000,
        dst_ip: '3.208.1.1',
        dst_port: 443,
        protocol: 6,
        src_bytes: 1,
        src_packets: 1,
        dst_bytes: 1,
        dst_packets: 1,
        in_ifname: 'tun0',
        out_ifname: 'eth0',
        wan: canary('fwan').slice(0, 64),
        dscp: 0,
        application: `${canary('site')}.example`,
        user: `${canary('fuser')}@globex.test`,
      },
    ],
  });
  await exporter.next('ack');
  // A host on the victim's LAN and a zero-trust session of its endpoint, with canaries in what the NAC list and the session logs show.
  exporter.send({
    type: 'nac_hosts',
    at: new Date().toISOString(),
    hosts: [
      { mac: '02:00:00:00:0e:01', ip: '10.66.0.9', hostname: canary('nachost'), vendor: canary('nacvendor'), os: null, interface: 'br-lan', state: 'allowed' },
    ],
  });
  await exporter.next('ack');
  agent.send({
    type: 'ztna_sessions',
    sessions: [
      {
        at: new Date(now - 10_000).toISOString(),
        user: `${canary('zuser')}@globex.test`,
        server_id: null,
        destination: `${canary('zdest')}.example`,
        protocol: 'tcp',
        port: 443,
        action: 'allow',
        rule: 'policy',
        policy_id: null,
        policy_name: canary('zpol').slice(0, 64),
        failed_condition: null,
        connector_id: null,
        duration_ms: 1,
        bytes_in: 1,
        bytes_out: 1,
      },
    ],
  });
  await agent.next('ack');
  const newRollout = async (token: string, tid: string) =>
    String((await must(app, 'POST', `/api/v1/tenant/ztna/client-rollouts/?tenant_id=${tid}`, token, { os: 'windows', version: '2.1.12', percentage: 10 })).id);
  victim.ids.rollout.push(await newRollout(gOwner, globex.tenantId));
  await must(app, 'PUT', `/api/v1/network/${victim.ids.network[0]}/devices/${q}`, gOwner, { device_ids: victim.ids.device });
  await deliveriesSettled(app, victim.ids.channel[0]!, q, gOwner);
  await must(app, 'POST', `/api/v1/tenant/commercial-data/${q}`, gOwner, {
    [victim.ids.device[0]!]: { [canary('cwan')]: { amount: 10, date: '2024-01-01', lastUpdated: new Date().toISOString() } },
  });
  // The victim's zero trust, with canaries in every name: one object of each kind, its endpoint, and
  // its gateway made an app connector. The settings saved last give every victim endpoint its
  // section now, none later in the middle of the probes.
  const victimZtna = ztnaObjects((...a) => must(app, ...a), gOwner, globex.tenantId);
  victim.ids.endpoint.push(welcome.device_id);
  victim.ids.securityGroup.push(await victimZtna.securityGroup(canary('sg')));
  victim.ids.ztnaServer.push(await victimZtna.server(canary('srv')));
  victim.ids.relay.push(await victimZtna.relay(canary('rly')));
  victim.ids.dnsGroup.push(await victimZtna.dnsGroup(canary('dns'), victim.ids.securityGroup[0]));
  victim.ids.ztnaProfile.push(await victimZtna.profile(canary('prof')));
  victim.ids.ztnaPolicy.push(await victimZtna.policy(canary('zpol'), victim.ids.ztnaServer[0]!, victim.ids.securityGroup[0]));
  victim.ids.enrolmentKey.push(await victimZtna.key(canary('key')));
  victim.ids.connector.push(await victimZtna.connector(exporterWelcome.device_id, canary('csite')));
  await must(app, 'POST', `/api/v1/tenant/ztna/invites/?tenant_id=${globex.tenantId}`, gOwner, { emails: [`${canary('inv')}@globex.test`] });
  await must(app, 'PUT', `/api/v1/tenant/ztna/settings/?tenant_id=${globex.tenantId}`, gOwner, { iao: { reauth_hours: 12 } });
  // An announcement only the victim's users are shown, with canaries in its title and text.
  const newAnnouncement = async (title: string, tenantIds: string[]) =>
    String(
      (
        await must(app, 'POST', '/api/v1/admin/announcements/', superToken, {
          title,
          body: title,
          audience: 'tenants',
          tenant_ids: tenantIds,
          starts_at: new Date(Date.now() - 60_000).toISOString(),
        })
      ).id,
    );
  victim.ids.announcement.push(await newAnnouncement(canary('ann'), [globex.tenantId]));
  // A finished report of the victim (its inventory CSV names its canary devices) and a schedule mailing one to a canary address.
  const newReport = async (token: string, tid: string) =>
    String(
      (
        await must(app, 'POST', `/api/v1/tenant/reports/?tenant_id=${tid}`, token, {
          kind: 'inventory',
          format: 'csv',
          product: 'sdwan',
          from: REPORT_FIELD_VALUES.from,
          to: REPORT_FIELD_VALUES.to,
        })
      ).id,
    );
  const newReportSchedule = async (token: string, tid: string, name: string) =>
    String(
      (
        await must(app, 'POST', `/api/v1/tenant/report-schedules/?tenant_id=${tid}`, token, {
          name: name.slice(0, 64),
          kind: 'inventory',
          format: 'pdf',
          product: 'sdwan',
          cadence: 'weekly',
          recipients: [`${name.slice(0, 40)}@globex.test`],
        })
      ).id,
    );
  victim.ids.report.push(await newReport(gOwner, globex.tenantId));
  victim.ids.reportSchedule.push(await newReportSchedule(gOwner, globex.tenantId, canary('sched')));
  await reportDone(app, victim.ids.report[0]!, globex.tenantId, gOwner);

  // The attacker (Acme): one object of each kind, for calls that name their own objects next to the victim's.
  const attacker: Side = { tenantId: acme.tenantId, ids: emptyIds() };
  const aOwner = sessions['owner@acme.test']!;
  const aq = `?tid=${acme.tenantId}`;
  const attackerZtna = ztnaObjects((...a) => must(app, ...a), aOwner, acme.tenantId);
  const freshObject = async (kind: Kind): Promise<{ id: string; name: string; deviceId?: string }> => {
    const name = `f${randomBytes(5).toString('hex')}`;
    switch (kind) {
      case 'tenant':
        return { id: String((await must(app, 'POST', '/api/v1/tenant/list/', superToken, { name })).id), name };
      case 'device':
        return { id: String((await must(app, 'POST', `/api/v1/device/claim/${aq}`, aOwner, { serial: name, name, kind: 'gateway' })).id), name };
      case 'network':
        return { id: String((await must(app, 'POST', `/api/v1/network/list/${aq}`, aOwner, { name })).id), name };
      case 'group':
        return { id: String((await must(app, 'POST', `/api/v1/teams/groups/${aq}`, aOwner, { name })).id), name };
      case 'user':
        return { id: (await insertUser('viewer', acme.tenantId, { first: name })).id, name };
      case 'revision': {
        const device = await freshObject('device');
        return { id: await saveConfig(device.id, aOwner, acme.tenantId, name), name, deviceId: device.id };
      }
      case 'template':
        return { id: await newTemplate(aOwner, acme.tenantId, name), name };
      case 'operation': {
        const device = await freshObject('device');
        return { id: await bindTemplate(aOwner, acme.tenantId, device.id, await newTemplate(aOwner, acme.tenantId, name)), name };
      }
      case 'channel':
        return { id: await newChannel(aOwner, acme.tenantId, name), name };
      case 'alarm': {
        const device = await freshObject('device');
        return { id: await newAlarm(acme.tenantId, device.id, name), name, deviceId: device.id };
      }
      case 'policy':
        return { id: await newPolicy(aOwner, acme.tenantId, name), name };
      case 'rollout':
        return { id: await newRollout(aOwner, acme.tenantId), name };
      case 'endpoint':
        return { id: String((await must(app, 'POST', `/api/v1/device/claim/${aq}`, aOwner, { serial: name, name, kind: 'endpoint' })).id), name };
      case 'ztnaProfile':
        return { id: await attackerZtna.profile(name), name };
      case 'enrolmentKey':
        return { id: await attackerZtna.key(name), name };
      case 'ztnaServer':
        return { id: await attackerZtna.server(name), name };
      case 'relay':
        return { id: await attackerZtna.relay(name), name };
      case 'dnsGroup':
        return { id: await attackerZtna.dnsGroup(name), name };
      case 'securityGroup':
        return { id: await attackerZtna.securityGroup(name), name };
      case 'ztnaPolicy':
        return { id: await attackerZtna.policy(name, await attackerZtna.server(`${name}s`)), name };
      case 'connector':
        return { id: await attackerZtna.connector((await freshObject('device')).id, name), name };
      case 'announcement':
        return { id: await newAnnouncement(name, [acme.tenantId]), name };
      case 'report': {
        // Finished, so a download of it is a valid call.
        const id = await newReport(aOwner, acme.tenantId);
        await reportDone(app, id, acme.tenantId, aOwner);
        return { id, name };
      }
      case 'reportSchedule':
        return { id: await newReportSchedule(aOwner, acme.tenantId, name), name };
    }
  };
  attacker.ids.tenant.push(acme.tenantId);
  for (const kind of [
    'device',
    'network',
    'group',
    'user',
    'revision',
    'template',
    'operation',
    'channel',
    'alarm',
    'policy',
    'rollout',
    'endpoint',
    'ztnaProfile',
    'enrolmentKey',
    'ztnaServer',
    'relay',
    'dnsGroup',
    'securityGroup',
    'ztnaPolicy',
    'connector',
    'announcement',
    'report',
    'reportSchedule',
  ] as const)
    attacker.ids[kind].push((await freshObject(kind)).id);
  // A gateway of the attacker's that reports a host on its LAN: a NAC decision of its own names it.
  const attackerGateway = await TestAgent.connect(app);
  agents.push(attackerGateway);
  attackerGateway.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: `nac${randomBytes(4).toString('hex')}`, name: 'nac-gw', kind: 'gateway' });
  const attackerWelcome = (await attackerGateway.next('welcome')) as { device_id: string; state: string };
  if (attackerWelcome.state !== 'approved') {
    await must(app, 'POST', `/api/v1/device/${attackerWelcome.device_id}/approve/${aq}`, aOwner);
    await attackerGateway.next('approved');
  }
  attackerGateway.send({
    type: 'nac_hosts',
    at: new Date().toISOString(),
    hosts: [{ mac: ATTACKER_NAC_MAC, ip: '10.1.0.9', hostname: 'printer', vendor: null, os: null, interface: 'br-lan', state: 'allowed' }],
  });
  await attackerGateway.next('ack');

  const principals: Principal[] = [
    { name: 'super admin, no tenant', token: superToken, isSuperAdmin: true, authentic: true, home: 'none' },
    { name: 'super admin in attacker tenant', token: superToken, isSuperAdmin: true, authentic: true, home: 'attacker' },
    { name: 'owner', token: aOwner, isSuperAdmin: false, authentic: true, home: 'attacker' },
    { name: 'admin', token: sessions['admin@acme.test']!, isSuperAdmin: false, authentic: true, home: 'attacker' },
    { name: 'editor', token: sessions['editor@acme.test']!, isSuperAdmin: false, authentic: true, home: 'attacker' },
    { name: 'viewer', token: sessions['viewer@acme.test']!, isSuperAdmin: false, authentic: true, home: 'attacker' },
    { name: 'guest-user', token: sessions['guest@acme.test']!, isSuperAdmin: false, authentic: true, home: 'attacker' },
    { name: 'other tenant owner', token: otherToken, isSuperAdmin: false, authentic: true, home: 'other' },
    { name: 'no token', token: null, isSuperAdmin: false, authentic: false, home: 'none' },
    ...(await forgedTokens(gOwner)),
  ];

  return {
    t,
    marker,
    attacker,
    victim,
    principals,
    victimToken: gOwner,
    agents,
    login,
    freshObject,
    freshUser: async (role) => {
      const u = await insertUser(role, role === 'super' ? null : acme.tenantId);
      // A real session from the session service, without the password check's deliberate cost (argon2 per call adds minutes to the suite).
      const [row] = await db.select().from(users).where(eq(users.id, u.id));
      const session = await app.services.sessions.start(row!, false, { ip: '127.0.0.1', userAgent: null }, 'password');
      return { ...u, token: session.access };
    },
    secondFactor: async (user, purpose) => {
      const setup = await send(app, 'POST', '/api/v1/auth/2fa/setup/', user.token, {});
      const code = authenticator.generate((setup.json() as { secret: string }).secret);
      if (purpose === 'enable') return { code };
      const enabled = await send(app, 'POST', '/api/v1/auth/2fa/enable/', user.token, { code });
      const [recovery] = (enabled.json() as { recovery_codes: string[] }).recovery_codes;
      if (purpose === 'disable') return { code: recovery! };
      const challenge = await send(app, 'POST', '/api/v1/auth/login/', null, { username: user.email, password: DEMO_PASSWORD });
      return { code: recovery!, ephemeral_token: (challenge.json() as { ephemeral_token: string }).ephemeral_token };
    },
    resetToken: async (email) => {
      await send(app, 'POST', '/api/v1/auth/password/reset/', null, { email });
      const mail = [...app.mailer.outbox].reverse().find((m) => m.to === email);
      return mail?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? null;
    },
  };
}

/**
 * The victim's alarm queued a notification on its channel; the delivery worker sends it within a
 * second or so. Waiting for that keeps the worker's own change out of the before/after comparison.
 */
async function deliveriesSettled(app: FastifyInstance, channelId: string, q: string, token: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { results } = (await must(app, 'GET', `/api/v1/notification-channels/${channelId}/deliveries/${q}`, token)) as { results: { state: string }[] };
    if (!results.some((d) => d.state === 'pending')) return;
    if (Date.now() > deadline) throw new Error("fixture: the victim channel's deliveries stayed pending");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The victim owner's claims, signed with a key that is not the server's, and not signed at all. */
async function forgedTokens(victimToken: string): Promise<Principal[]> {
  const claims = decodeJwt(victimToken);
  const body = { typ: 'access', sid: claims.sid };
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const otherKey = await new SignJWT(body)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuer(String(claims.iss))
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(randomBytes(48));
  const unsigned = new UnsecuredJWT(body).setSubject(String(claims.sub)).setIssuer(String(claims.iss)).setIssuedAt().setExpirationTime(expires).encode();
  return [
    { name: 'forged token (other key)', token: otherKey, isSuperAdmin: false, authentic: false, home: 'none' },
    { name: 'forged token (alg none)', token: unsigned, isSuperAdmin: false, authentic: false, home: 'none' },
  ];
}

/** The victim's report is made in the background: the probes start once its file is there to be stolen. */
async function reportDone(app: FastifyInstance, id: string, tid: string, token: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { status } = (await must(app, 'GET', `/api/v1/tenant/reports/${id}/?tenant_id=${tid}`, token)) as { status: string };
    if (status === 'done') return;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`fixture: the victim's report ended ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
