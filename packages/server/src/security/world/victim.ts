import type { TestApp } from '../../test/build';
import type { TestAgent } from '../../test/agent-client';
import type { Accounts } from './accounts';
import { newAlarm, newAnnouncement, newDiagnosticRun, newWafVulnTest, tenantObjects } from './objects';
import { must, mustOn } from './requests';
import { emptyIds, type Side } from './types';
import { endpointReports, endpointSessions, enrolEndpoint, gatewayExports } from './victim-devices';
import { ztnaObjects } from './ztna-objects';
import { iotObjects } from './iot-objects';
import { ndrObjects } from './ndr-objects';

export interface VictimInput {
  tenantId: string;
  enrolmentKey: string;
  /** The victim tenant's owner's and the super admin's sessions. */
  ownerToken: string;
  superToken: string;
  people: Accounts;
  /** A text with the run's marker in it: what no answer to anyone else may contain. */
  canary: (what: string) => string;
}

/**
 * The victim (Globex), with a canary in every text field the API lets its owner write and one
 * object of every kind, so that every probe has a real id to aim at. The order matters where the
 * server acts on what already exists (a new policy reaches the devices enrolled before it).
 */
export async function plantVictim(t: TestApp, { tenantId, enrolmentKey, ownerToken, superToken, people, canary }: VictimInput) {
  const { app } = t;
  const victim: Side = { tenantId, ids: emptyIds() };
  const { ids } = victim;
  const q = `?tid=${tenantId}`;
  const objects = tenantObjects(app, ownerToken, tenantId);
  ids.tenant.push(tenantId);
  ids.user.push(await people.userId('owner@globex.test'));
  await must(app, 'PUT', `/api/v1/tenant/${tenantId}/`, superToken, { name: `Globex ${canary('tenant')}` });
  await must(app, 'PUT', `/api/v1/tenant/organisation/${q}`, ownerToken, {
    display_name: canary('display'),
    legal_name: canary('legal'),
    address: canary('address'),
    website: `https://${canary('web')}.example`,
  });
  // A saved dashboard layout: nobody else may read, change or reset it.
  await must(app, 'PUT', `/api/v1/tenant/config/dashboard-layout/ztna/${q}`, ownerToken, {
    widgets: [
      { id: 'devices', shown: true },
      { id: 'map', shown: false },
    ],
  });
  await must(app, 'PUT', '/api/v1/settings/profile/', ownerToken, { first_name: canary('first'), last_name: canary('last'), company_name: canary('company') });
  ids.network.push(await objects.network(canary('net')));
  // Single sign-on: a provider with a canary secret (never answered to anyone), a claimed domain, a mapping.
  ids.ssoProvider.push(await objects.ssoProvider(canary('idp')));
  ids.samlProvider.push(await objects.samlProvider(canary('saml')));
  ids.ssoDomain.push(await objects.ssoDomain(canary('dom')));
  ids.ssoMapping.push(await objects.ssoMapping(canary('map')));
  ids.group.push(await objects.group(canary('grp'), canary('grpdesc')));
  // A pending user (invited) and an active one (signed in once) are different code paths.
  const invited = await must(app, 'POST', `/api/v1/teams/users/${q}`, ownerToken, {
    email: `${canary('invite')}@globex.test`,
    role: 'viewer',
    first_name: canary('ifirst'),
    last_name: canary('ilast'),
  });
  ids.user.push(String(invited.id));
  const member = await people.insertUser('editor', tenantId, { first: canary('mfirst'), last: canary('mlast'), email: `${canary('member')}@globex.test` });
  ids.user.push(member.id);
  await people.login(member.email);
  ids.device.push(await objects.claim(canary('serial'), canary('claimed'), 'gateway'));

  // A configuration revision of the claimed device, and a template with canaries in its sections bound to it: a bulk push.
  ids.revision.push(await objects.revision(ids.device[0]!, canary('route')));
  ids.template.push(await objects.template(canary('tpl')));
  ids.operation.push(await objects.binding(ids.device[0]!, ids.template[0]!));

  // A notification channel, the tenant's own default alarm thresholds (a write through another
  // tenant would show as changed data), and an alarm of its device (what the bell lists).
  ids.channel.push(await objects.channel(canary('chan')));
  await must(app, 'PUT', `/api/v1/alarm-defaults/${q}`, ownerToken, { latency_ms: 211, jitter_ms: 23, loss_pct: 3, hold_seconds: 17 });
  ids.alarm.push(await newAlarm(t, tenantId, ids.device[0]!, canary('alarm')));
  // A capture of its device, with a canary in its output and its file.
  ids.diagnosticRun.push(await newDiagnosticRun(t, tenantId, ids.device[0]!, canary('diag')));

  const agents: TestAgent[] = [];
  const approve = (deviceId: string) => must(app, 'POST', `/api/v1/device/${deviceId}/approve/${q}`, ownerToken);
  const endpoint = await enrolEndpoint(app, enrolmentKey, canary);
  agents.push(endpoint.agent);
  ids.device.push(endpoint.deviceId);
  // A web-filter policy with a canary in its name and its blocked URLs, made once the endpoint exists: it gets its web filter now, not in the middle of the probes.
  ids.policy.push(await objects.webFilterPolicy(canary('wfp')));
  await endpointReports(endpoint, approve, canary);
  const gateway = await gatewayExports(app, enrolmentKey, approve, canary);
  agents.push(gateway.agent);
  ids.device.push(gateway.deviceId);
  await endpointSessions(endpoint, canary);

  ids.rollout.push(await objects.rollout());
  await must(app, 'PUT', `/api/v1/network/${ids.network[0]}/devices/${q}`, ownerToken, { device_ids: ids.device });
  await objects.deliveriesSettled(ids.channel[0]!);
  await must(app, 'POST', `/api/v1/tenant/commercial-data/${q}`, ownerToken, {
    [ids.device[0]!]: { [canary('cwan')]: { amount: 10, date: '2024-01-01', lastUpdated: new Date().toISOString() } },
  });

  // Zero trust, with canaries in every name: one object of each kind, the endpoint, and the
  // gateway made an app connector. The settings saved last give every endpoint its section now,
  // none later in the middle of the probes.
  const ztna = ztnaObjects(mustOn(app), ownerToken, tenantId);
  ids.endpoint.push(endpoint.deviceId);
  ids.securityGroup.push(await ztna.securityGroup(canary('sg')));
  ids.ztnaServer.push(await ztna.server(canary('srv')));
  ids.relay.push(await ztna.relay(canary('rly')));
  ids.dnsGroup.push(await ztna.dnsGroup(canary('dns'), ids.securityGroup[0]));
  ids.ztnaProfile.push(await ztna.profile(canary('prof')));
  ids.ztnaPolicy.push(await ztna.policy(canary('zpol'), ids.ztnaServer[0]!, ids.securityGroup[0]));
  ids.enrolmentKey.push(await ztna.key(canary('key')));
  ids.connector.push(await ztna.connector(gateway.deviceId, canary('csite')));
  await must(app, 'POST', `/api/v1/tenant/ztna/invites/?tenant_id=${tenantId}`, ownerToken, { emails: [`${canary('inv')}@globex.test`] });
  await must(app, 'PUT', `/api/v1/tenant/ztna/settings/?tenant_id=${tenantId}`, ownerToken, { iao: { reauth_hours: 12 } });

  // An announcement only the victim's users are shown; a finished report (its inventory CSV names
  // the canary devices) and a schedule mailing one to a canary address.
  ids.announcement.push(await newAnnouncement(app, superToken, canary('ann'), [tenantId]));
  ids.ticket.push(await objects.ticket(canary('ticket')));
  // QShield: a protected application with a second policy revision, and a threat-intel list.
  ids.wafApplication.push(await objects.wafApplication(canary('waf')));
  ids.wafRevision.push(await objects.wafRevision(ids.wafApplication[0]!, canary('wafrev')));
  ids.threatList.push(await objects.threatList(canary('intel')));
  // RUM: a site with a source map and an alert.
  ids.rumSite.push(await objects.rumSite(canary('rum')));
  ids.rumSourceMap.push(await objects.rumSourceMap(ids.rumSite[0]!, canary('rummap')));
  ids.rumAlert.push(await objects.rumAlert(ids.rumSite[0]!));
  // DEM: a monitored application.
  ids.demApplication.push(await objects.demApplication(canary('dem')));
  // IoT Gateway: a device its claimed gateway reported (a canary for a host name), a forwarding rule, a segment fencing the device.
  const iot = iotObjects(t, ownerToken, tenantId);
  ids.iotDevice.push(await iot.device(ids.device[0]!, canary('iothost')));
  ids.iotForwardRule.push(await iot.forwardRule(canary('u')));
  ids.iotSegment.push(await iot.segment(ids.iotDevice[0]!));
  // NDR: a detection about a host behind its gateway (a canary in its title), a response action on the gateway.
  const ndr = ndrObjects(t, ownerToken, tenantId);
  ids.ndrDetection.push(await ndr.detection(ids.device[0]!, canary('ndrdet')));
  ids.ndrAction.push(await ndr.action(ids.device[0]!, canary('ndract')));
  ids.wafVulnTest.push(await newWafVulnTest(t, tenantId, ids.wafApplication[0]!, ids.device[0]!, canary('vulntest')));
  ids.report.push(await objects.report());
  ids.reportSchedule.push(await objects.reportSchedule(canary('sched')));
  await objects.reportDone(ids.report[0]!);
  // A provisioning token named with a canary, for the probes to aim at (a super admin may revoke it);
  // and one of its own that the SCIM probes read the victim's people with, before and after.
  ids.scimToken.push(String((await must(app, 'POST', `/api/v1/tenant/scim/tokens/${q}`, ownerToken, { name: canary('scim') })).id));
  const scim = await must(app, 'POST', `/api/v1/tenant/scim/tokens/${q}`, ownerToken, { name: 'Victim provider' });
  return { victim, agents, scimToken: String(scim.token) };
}
