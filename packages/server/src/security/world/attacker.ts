import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../test/build';
import { TestAgent } from '../../test/agent-client';
import type { Kind } from '../openapi';
import type { Accounts } from './accounts';
import { ATTACKER_NAC_MAC } from './known-values';
import { newAlarm, newAnnouncement, newDiagnosticRun, newWafVulnTest, tenantObjects } from './objects';
import { must, mustOn } from './requests';
import { emptyIds, type FreshObject, type Side } from './types';
import { ztnaObjects } from './ztna-objects';
import { iotObjects } from './iot-objects';
import { ndrObjects } from './ndr-objects';

export interface AttackerInput {
  tenantId: string;
  enrolmentKey: string;
  ownerToken: string;
  superToken: string;
  people: Accounts;
}

/** Makes a new object of the attacker tenant of any kind, each time with a new name. */
function objectMaker(t: TestApp, { tenantId, ownerToken, superToken, people }: AttackerInput) {
  const { app } = t;
  const objects = tenantObjects(app, ownerToken, tenantId);
  const ztna = ztnaObjects(mustOn(app), ownerToken, tenantId);
  const iot = iotObjects(t, ownerToken, tenantId);
  const ndr = ndrObjects(t, ownerToken, tenantId);
  const freshObject = async (kind: Kind): Promise<FreshObject> => {
    const name = `f${randomBytes(5).toString('hex')}`;
    const named = async (id: Promise<string>): Promise<FreshObject> => ({ id: await id, name });
    switch (kind) {
      case 'tenant':
        return named(must(app, 'POST', '/api/v1/tenant/list/', superToken, { name }).then((b) => String(b.id)));
      case 'device':
        return named(objects.claim(name, name, 'gateway'));
      case 'endpoint':
        return named(objects.claim(name, name, 'endpoint'));
      case 'network':
        return named(objects.network(name));
      case 'group':
        return named(objects.group(name));
      case 'user':
        return named(people.insertUser('viewer', tenantId, { first: name }).then((u) => u.id));
      case 'revision': {
        const device = await freshObject('device');
        return { id: await objects.revision(device.id, name), name, deviceId: device.id };
      }
      case 'template':
        return named(objects.template(name));
      case 'operation': {
        const device = await freshObject('device');
        return named(objects.binding(device.id, await objects.template(name)));
      }
      case 'channel':
        return named(objects.channel(name));
      case 'alarm': {
        const device = await freshObject('device');
        return { id: await newAlarm(t, tenantId, device.id, name), name, deviceId: device.id };
      }
      case 'policy':
        return named(objects.webFilterPolicy(name));
      case 'rollout':
        return named(objects.rollout());
      case 'ztnaProfile':
        return named(ztna.profile(name));
      case 'enrolmentKey':
        return named(ztna.key(name));
      case 'ztnaServer':
        return named(ztna.server(name));
      case 'relay':
        return named(ztna.relay(name));
      case 'dnsGroup':
        return named(ztna.dnsGroup(name));
      case 'securityGroup':
        return named(ztna.securityGroup(name));
      case 'ztnaPolicy':
        return named(ztna.policy(name, await ztna.server(`${name}s`)));
      case 'connector':
        return named(ztna.connector((await freshObject('device')).id, name));
      case 'announcement':
        return named(newAnnouncement(app, superToken, name, [tenantId]));
      case 'report': {
        // Finished, so a download of it is a valid call.
        const id = await objects.report();
        await objects.reportDone(id);
        return { id, name };
      }
      case 'reportSchedule':
        return named(objects.reportSchedule(name));
      case 'scimToken':
        return named(must(app, 'POST', `/api/v1/tenant/scim/tokens/?tid=${tenantId}`, ownerToken, { name }).then((b) => String(b.id)));
      case 'ssoProvider':
        return named(objects.ssoProvider(name));
      case 'samlProvider':
        return named(objects.samlProvider(name));
      case 'ssoDomain':
        return named(objects.ssoDomain(name));
      case 'ssoMapping':
        return named(objects.ssoMapping(name));
      case 'ticket':
        return named(objects.ticket(name));
      case 'wafApplication':
        return named(objects.wafApplication(name));
      case 'wafRevision': {
        const application = await freshObject('wafApplication');
        return { id: await objects.wafRevision(application.id, name), name, within: { kind: 'wafApplication', id: application.id } };
      }
      case 'threatList':
        return named(objects.threatList(name));
      case 'wafVulnTest': {
        const [application, device] = [await freshObject('wafApplication'), await freshObject('device')];
        return { id: await newWafVulnTest(t, tenantId, application.id, device.id, name), name };
      }
      case 'demApplication':
        return named(objects.demApplication(name));
      case 'rumSite':
        return named(objects.rumSite(name));
      case 'rumSourceMap': {
        const site = await freshObject('rumSite');
        return { id: await objects.rumSourceMap(site.id, name), name, within: { kind: 'rumSite', id: site.id } };
      }
      case 'rumAlert': {
        const site = await freshObject('rumSite');
        return { id: await objects.rumAlert(site.id), name };
      }
      case 'diagnosticRun': {
        const device = await freshObject('device');
        return { id: await newDiagnosticRun(t, tenantId, device.id, name), name, deviceId: device.id };
      }
      case 'iotDevice': {
        const gateway = await freshObject('device');
        return named(iot.device(gateway.id, name));
      }
      case 'iotForwardRule':
        return named(iot.forwardRule(name));
      case 'iotSegment': {
        const device = await freshObject('iotDevice');
        return named(iot.segment(device.id));
      }
      case 'ndrDetection': {
        const gateway = await freshObject('device');
        return named(ndr.detection(gateway.id, name));
      }
      case 'ndrAction': {
        const gateway = await freshObject('device');
        return named(ndr.action(gateway.id, name));
      }
    }
  };
  return freshObject;
}

/** The kinds the attacker holds one object of from the start, in the order they are made (a tenant is its own). */
const OWN_KINDS = [
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
  'diagnosticRun',
  'scimToken',
  'ssoProvider',
  'samlProvider',
  'ssoDomain',
  'ssoMapping',
  'ticket',
  'wafApplication',
  'wafRevision',
  'threatList',
  'wafVulnTest',
  'rumSite',
  'rumSourceMap',
  'rumAlert',
  'demApplication',
  'iotDevice',
  'iotForwardRule',
  'iotSegment',
  'ndrDetection',
  'ndrAction',
] as const satisfies readonly Kind[];

/**
 * The attacker (Acme): one object of each kind, for calls that name their own objects next to the
 * victim's, and a gateway that reports a host on its LAN, which a NAC decision of its own names.
 */
export async function armAttacker(t: TestApp, input: AttackerInput) {
  const { app } = t;
  const freshObject = objectMaker(t, input);
  const attacker: Side = { tenantId: input.tenantId, ids: emptyIds() };
  attacker.ids.tenant.push(input.tenantId);
  for (const kind of OWN_KINDS) attacker.ids[kind].push((await freshObject(kind)).id);

  const gateway = await TestAgent.connect(app);
  gateway.hello({ kind: 'enrol', enrolment_key: input.enrolmentKey }, { serial: `nac${randomBytes(4).toString('hex')}`, name: 'nac-gw', kind: 'gateway' });
  const welcome = (await gateway.next('welcome')) as { device_id: string; state: string };
  if (welcome.state !== 'approved') {
    await must(app, 'POST', `/api/v1/device/${welcome.device_id}/approve/?tid=${input.tenantId}`, input.ownerToken);
    await gateway.next('approved');
  }
  gateway.send({
    type: 'nac_hosts',
    at: new Date().toISOString(),
    hosts: [{ mac: ATTACKER_NAC_MAC, ip: '10.1.0.9', hostname: 'printer', vendor: null, os: null, interface: 'br-lan', state: 'allowed' }],
  });
  await gateway.next('ack');
  return { attacker, freshObject, gateway };
}
