import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../test/build';
import { recordChange } from '../../modules/alarms/repo';
import { diagnosticRuns, wafVulnTests } from '../../db/schema/index';
import { REPORT_FIELD_VALUES } from './known-values';
import { must, send, waitFor } from './requests';
import { idpMetadata, labKey } from '../../test/saml-idp';

/** A configuration document with one static route named `name`: a canary in the victim's, a fresh name in the attacker's. */
const configDocument = (name: string) => ({
  static_routes: [{ id: crypto.randomUUID(), name, destination: '10.9.0.0/16', gateway: '10.0.0.1' }],
});

const idOf = (body: Record<string, unknown>) => String(body.id);

/** The SD-WAN and reporting objects of one tenant, made through the API as the user of `token`, each named after `name`. */
export function tenantObjects(app: FastifyInstance, token: string, tid: string) {
  const post = (path: string, body: unknown) => must(app, 'POST', path, token, body);
  const objects = {
    claim: async (serial: string, name: string, kind: 'gateway' | 'endpoint') => idOf(await post(`/api/v1/device/claim/?tid=${tid}`, { serial, name, kind })),
    network: async (name: string) => idOf(await post(`/api/v1/network/list/?tid=${tid}`, { name })),
    /** Single sign-on: a provider (its secret a canary too), a claimed domain, a group mapping. */
    ssoProvider: async (name: string) =>
      idOf(
        await post(`/api/v1/tenant/sso/providers/?tid=${tid}`, {
          name: name.slice(0, 80),
          issuer: 'https://idp.example.test',
          client_id: name.slice(0, 200),
          client_secret: name,
        }),
      ),
    /** A SAML 2.0 provider from pasted metadata (a fresh lab certificate). */
    samlProvider: async (name: string) =>
      idOf(
        await post(`/api/v1/tenant/sso/saml-providers/?tid=${tid}`, {
          name: name.slice(0, 80),
          metadata_xml: idpMetadata(`https://idp.example.test/${encodeURIComponent(name)}`, 'https://idp.example.test/sso', [
            await labKey('security suite IdP'),
          ]),
        }),
      ),
    ssoDomain: async (label: string) =>
      idOf(
        await post(`/api/v1/tenant/sso/domains/?tid=${tid}`, {
          domain: `${
            label
              .toLowerCase()
              .replace(/[^a-z0-9-]/g, '')
              .slice(0, 60) || 'x'
          }.example`,
        }),
      ),
    ssoMapping: async (name: string) => idOf(await post(`/api/v1/tenant/sso/group-mappings/?tid=${tid}`, { idp_group: name.slice(0, 200), role: 'viewer' })),
    group: async (name: string, description?: string) =>
      idOf(await post(`/api/v1/teams/groups/?tid=${tid}`, description === undefined ? { name } : { name, description })),
    /** A configuration revision of a device: the newest one after the save. */
    revision: async (deviceId: string, name: string) => {
      await must(app, 'PUT', `/api/v1/device/config/${deviceId}/?tid=${tid}`, token, { document: configDocument(name), message: name });
      const { results } = (await must(app, 'GET', `/api/v1/device/config/${deviceId}/revisions/?tid=${tid}`, token)) as { results: { id: string }[] };
      return results[0]!.id;
    },
    template: async (name: string) => {
      const id = idOf(await post(`/api/v1/template/config/?tid=${tid}`, { name, description: name }));
      await must(app, 'PUT', `/api/v1/template/config/${id}/sections/static_routes/?tid=${tid}`, token, { section: configDocument(name).static_routes });
      return id;
    },
    /** A template bound to a device: a bulk push, whose operation id this is. */
    binding: async (deviceId: string, templateId: string) =>
      String(
        (await must(app, 'PUT', `/api/v1/template/bindings/device/${deviceId}/?tid=${tid}`, token, { template_ids: [templateId], variables: {} })).operation_id,
      ),
    /** A support ticket raised by the owner; its subject and description carry the name. */
    ticket: async (name: string) =>
      idOf(await post(`/api/v1/support/tickets/?tenant_id=${tid}`, { subject: name, description: name, product: 'sdwan', category: 'question' })),
    /** A protected application (QShield) with the name in its name and its domain. */
    wafApplication: async (name: string) =>
      idOf(
        await post(`/api/v1/waap/domains/?tenant_id=${tid}`, {
          name: name.slice(0, 64),
          domains: [
            `${
              name
                .toLowerCase()
                .replace(/[^a-z0-9-]/g, '')
                .slice(0, 40) || 'x'
            }-${crypto.randomUUID().slice(0, 8)}.example.net`,
          ],
          origins: [{ url: 'http://10.0.0.5:8080' }],
        }),
      ),
    /** A revision of an application's policy, its message the name: the newest one after the save. */
    wafRevision: async (applicationId: string, name: string) => {
      await must(app, 'PUT', `/api/v1/waap/domains/${applicationId}/policy/?tenant_id=${tid}`, token, {
        policy: { paranoia_level: 2 },
        message: name.slice(0, 200),
      });
      const revisions = (await must(app, 'GET', `/api/v1/waap/domains/${applicationId}/policy/revisions/?tenant_id=${tid}`, token)) as unknown as {
        id: string;
      }[];
      return revisions[0]!.id;
    },
    /** A RUM website, the name in its name. */
    /** A monitored application (DEM), tested at a URL with the name in its host. */
    demApplication: async (name: string) =>
      idOf(
        await post(`/api/v1/dem/applications/?tenant_id=${tid}`, {
          name: name.slice(0, 64),
          kind: 'saas',
          target: {
            url: `https://${
              name
                .toLowerCase()
                .replace(/[^a-z0-9-]/g, '')
                .slice(0, 40) || 'x'
            }.example.net/`,
          },
        }),
      ),
    rumSite: async (name: string) =>
      idOf(await post(`/api/v1/rum/sites/?tid=${tid}`, { name: name.slice(0, 100), kind: 'website', origins: ['https://shop.example.net'] })),
    /** A source map of a site's release, the name in its release. */
    rumSourceMap: async (siteId: string, name: string) =>
      idOf(
        await post(`/api/v1/rum/sites/${siteId}/sourcemaps/?tid=${tid}`, {
          release: name.slice(0, 100),
          file_url: 'https://shop.example.net/app.min.js',
          map: JSON.stringify({ version: 3, sources: [`${name}.ts`], names: [], mappings: 'AAAA' }),
        }),
      ),
    rumAlert: async (siteId: string) => idOf(await post(`/api/v1/rum/alerts/?tid=${tid}`, { site_id: siteId, vital: 'LCP', threshold: 2500 })),
    threatList: async (name: string) =>
      idOf(await post(`/api/v1/waap/threat-intel/?tenant_id=${tid}`, { name: name.slice(0, 64), entries: '198.51.100.0/24' })),
    channel: async (name: string) => idOf(await post(`/api/v1/notification-channels/?tid=${tid}`, { name, kind: 'email', target: `${name}@example.test` })),
    webFilterPolicy: async (name: string) =>
      idOf(
        await post(`/api/v1/tenant/config/webfilter-policy/?tenant_id=${tid}`, {
          name: name.slice(0, 40),
          applies_to: { everyone: true },
          blocked_urls: [`${name.slice(0, 30)}.example.com`],
        }),
      ),
    /** The tenant's open rollout of Windows 2.1.12: made by the first call; a second of the same version is refused (409), so later calls find it. */
    rollout: async () => {
      const url = `/api/v1/tenant/ztna/client-rollouts/?tenant_id=${tid}`;
      const listed = (await must(app, 'GET', url, token)) as unknown;
      const rows = (Array.isArray(listed) ? listed : ((listed as { results?: unknown[] }).results ?? [])) as { id: string; os: string; version: string }[];
      const open = rows.find((r) => r.os === 'windows' && r.version === '2.1.12');
      return open ? open.id : idOf(await post(url, { os: 'windows', version: '2.1.12', percentage: 10 }));
    },
    /** A new report; while the tenant has as many waiting as it may (409), once one of them is done. */
    report: async () => {
      const body = { kind: 'inventory', format: 'csv', product: 'sdwan', from: REPORT_FIELD_VALUES.from, to: REPORT_FIELD_VALUES.to };
      let made: Record<string, unknown> | undefined;
      await waitFor('a report could not be made: the tenant’s queue stayed full', async () => {
        const res = await send(app, 'POST', `/api/v1/tenant/reports/?tenant_id=${tid}`, token, body);
        if (res.statusCode === 409) return false;
        if (res.statusCode >= 300) throw new Error(`fixture: POST a report answered ${res.statusCode} ${res.body}`);
        made = res.json() as Record<string, unknown>;
        return true;
      });
      return idOf(made!);
    },
    /** A report is made in the background: a download of it is a valid call, and a theft of it a real one, once its file is there. */
    reportDone: (id: string) =>
      waitFor(`the report ${id} was not done in time`, async () => {
        const { status } = (await must(app, 'GET', `/api/v1/tenant/reports/${id}/?tenant_id=${tid}`, token)) as { status: string };
        if (status === 'failed') throw new Error(`fixture: the report ${id} ended failed`);
        return status === 'done';
      }),
    reportSchedule: async (name: string) =>
      idOf(
        await post(`/api/v1/tenant/report-schedules/?tenant_id=${tid}`, {
          name: name.slice(0, 64),
          kind: 'inventory',
          format: 'pdf',
          product: 'sdwan',
          cadence: 'weekly',
          recipients: [`${name.slice(0, 40)}@globex.test`],
        }),
      ),
    /**
     * An alarm queues a notification on the tenant's channels; the delivery worker sends it within
     * a second or so. Waiting for that keeps the worker's own change out of the before/after comparison.
     */
    deliveriesSettled: (channelId: string) =>
      waitFor(`the deliveries of channel ${channelId} stayed pending`, async () => {
        const { results } = (await must(app, 'GET', `/api/v1/notification-channels/${channelId}/deliveries/?tid=${tid}`, token)) as {
          results: { state: string }[];
        };
        return !results.some((d) => d.state === 'pending');
      }),
  };
  return objects;
}

/** An alarm of a device, recorded as the evaluator does (nothing in the API raises one on demand): what the bell lists. */
export async function newAlarm(t: TestApp, tenantId: string, deviceId: string, name: string): Promise<string> {
  const change = await recordChange(t.app.services.db, {
    tenantId,
    deviceId,
    deviceName: name,
    // What the channels carry beside the name; the suite reads neither.
    deviceSerial: `SN-${deviceId.slice(0, 8)}`,
    kind: 'wan',
    subject: name.slice(0, 32),
    state: 'Alerting',
    alarm: `WAN ${name} down`,
    detail: null,
    at: new Date(),
  });
  return change!.id;
}

/**
 * A finished packet capture of the device, written as its device would leave it (output and pcap
 * file): reading it, stopping it (it has ended: 409) and downloading its file are all real calls.
 */
export async function newDiagnosticRun(t: TestApp, tenantId: string, deviceId: string, name: string): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date();
  await t.app.services.db.insert(diagnosticRuns).values({
    id,
    tenantId,
    deviceId,
    kind: 'capture',
    params: { kind: 'capture', interface: 'eth0', filter: '', max_packets: 10, max_bytes: 1_000_000, max_seconds: 30 },
    state: 'done',
    output: `tcpdump: listening on eth0 (${name})\n`,
    chunks: 1,
    endReason: `--- done: ${name} ---`,
    startedAt: at,
    deadlineAt: at,
    endedAt: at,
    artifact: Buffer.from(name),
    artifactDone: at,
  });
  return id;
}

/**
 * A finished vulnerability test of an application from a device, as its edge's answer leaves it
 * (its finding names the canary): reading it is a real call, cancelling it (it has ended) a 409.
 */
export async function newWafVulnTest(t: TestApp, tenantId: string, applicationId: string, deviceId: string, name: string): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date();
  await t.app.services.db.insert(wafVulnTests).values({
    id,
    tenantId,
    applicationId,
    edgeId: deviceId,
    checks: ['auth'],
    ratePerS: 5,
    accounts: { a: null, b: null },
    state: 'done',
    planned: 1,
    sent: 1,
    findings: [
      {
        check: 'auth',
        severity: 'high',
        owasp: 'API2:2023',
        owasp_name: 'Broken Authentication',
        title: 'Answered without credentials',
        method: 'GET',
        path: `/${name}`,
        template: `/${name}`,
        status: 200,
        excerpt: name,
        hint: 'Require authentication',
      },
    ],
    startedBy: null,
    startedAt: at,
    deadlineAt: at,
    endedAt: at,
    endReason: '1 requests sent',
  });
  return id;
}

/** An announcement of the provider's that only the given tenants' users are shown. */
export async function newAnnouncement(app: FastifyInstance, superToken: string, title: string, tenantIds: string[]): Promise<string> {
  return idOf(
    await must(app, 'POST', '/api/v1/admin/announcements/', superToken, {
      title,
      body: title,
      audience: 'tenants',
      tenant_ids: tenantIds,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
    }),
  );
}
