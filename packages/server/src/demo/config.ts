import type { ConfigFamily } from '@netloom/domain';
import type { Services } from '../composition/services';
import { seedActor, type DemoOwner } from './ztna';

/** The demo's one config template, which every demo gateway gets with its own site number. */
const DEMO_BRANCH_TEMPLATE = 'Branch office';

/** The template's list items keep their ids on every device (a diff follows an item by its id). */
const id = (n: number) => `de70c0f9-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A branch office as a network engineer would set one up: a LAN and a guest VLAN numbered after
 * the site (`10.{{site}}.x.0/24`) with a DHCP pool each, two DHCP WANs sharing the load and
 * watched by pinging public resolvers, routes to the head office and the lab through the LAN's
 * core switch, and zones that let the LAN out, keep guests off the LAN, and masquerade on the WANs.
 */
const DEMO_BRANCH_SECTIONS: Partial<Record<ConfigFamily, unknown>> = {
  interfaces: {
    lan: [{ name: 'lan1', ip: '10.{{site}}.1.1', prefix: 24, mtu: 1500 }],
    wan: [
      { name: 'eth0', mode: 'dhcp', weight: 2, mtu: 1500, monitor: ['1.1.1.1', '8.8.8.8'] },
      { name: 'eth1', mode: 'dhcp', weight: 1, mtu: 1500, monitor: ['9.9.9.9'] },
    ],
    vlans: [{ id: id(1), parent: 'lan1', vlan_id: 20, ip: '10.{{site}}.20.1', prefix: 24 }],
  },
  static_routes: [
    { id: id(2), name: 'head-office', destination: '172.16.0.0/16', gateway: '10.{{site}}.1.254', metric: 10, enabled: true },
    { id: id(3), name: 'lab', destination: '192.168.50.0/24', gateway: '10.{{site}}.1.253', metric: 20, enabled: true },
  ],
  services: {
    dhcp: [
      { id: id(4), interface: 'lan1', start: '10.{{site}}.1.100', end: '10.{{site}}.1.199', lease_minutes: 720, dns: ['10.{{site}}.1.1'] },
      { id: id(5), interface: 'lan1.20', start: '10.{{site}}.20.100', end: '10.{{site}}.20.250', lease_minutes: 120, dns: ['1.1.1.1'] },
    ],
    ntp: { enabled: true, servers: ['pool.ntp.org'], timezone: 'UTC' },
  },
  firewall: {
    zones: [
      { id: id(6), name: 'lan', interfaces: ['lan1'], input: 'accept', output: 'accept', forward: 'accept', masquerade: false },
      { id: id(7), name: 'guest', interfaces: ['lan1.20'], input: 'reject', output: 'accept', forward: 'reject', masquerade: false },
      { id: id(8), name: 'wan', interfaces: ['eth0', 'eth1'], input: 'reject', output: 'accept', forward: 'reject', masquerade: true },
    ],
    inbound: [],
    outbound: [],
    ipsets: [],
  },
};

/** Makes the demo tenant's branch template through the templates service (checked like any edit). */
export async function seedDemoConfigTemplate(services: Services, owner: DemoOwner): Promise<void> {
  const actor = seedActor(owner);
  const t = await services.configTemplates.create(actor, {
    name: DEMO_BRANCH_TEMPLATE,
    description: 'LAN and guest VLAN with DHCP, two WANs, routes to the head office and the lab, firewall zones',
    defaults: { site: '1' },
  });
  for (const [family, section] of Object.entries(DEMO_BRANCH_SECTIONS))
    await services.configTemplates.saveSection(actor, t.id, family as ConfigFamily, section);
}

/**
 * Gives a newly enrolled demo gateway the branch template with its own site number: a binding
 * like any other, so its revision is rendered, pushed and acknowledged by the device.
 */
export async function configureDemoGateway(services: Services, owner: DemoOwner, deviceId: string, site: number): Promise<void> {
  const actor = seedActor(owner);
  const { rows } = await services.configTemplates.list(actor, { search: DEMO_BRANCH_TEMPLATE, offset: 0, limit: 1 });
  const template = rows.find((t) => t.name === DEMO_BRANCH_TEMPLATE);
  if (!template) return;
  await services.configTemplates.saveBinding(actor, 'device', deviceId, { template_ids: [template.id], variables: { site: String(site) } });
}
