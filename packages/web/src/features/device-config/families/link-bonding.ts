import { BOND_MODES, internetBondSchema, vpnBondSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { ConfigDocument } from '@netloom/domain';
import type { FamilyPageSpec, FieldSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';
import { enabledColumn, wanNames } from './options';

const MODE_LABELS: Record<(typeof BOND_MODES)[number], string> = {
  'active-backup': 'Active-backup: one link, the others wait',
  'balance-packet': 'Balance per packet',
  'balance-flow': 'Balance per flow',
  broadcast: 'Broadcast: every packet on every link',
};
const MODES = BOND_MODES.map((value) => ({ value, label: MODE_LABELS[value] }));

/** The peers a VPN bond may carry a tunnel to: the document's IPsec tunnels and Auto VPN gateways. */
const vpnPeers = (doc: ConfigDocument) => [
  ...(doc.ipsec?.tunnels ?? []).map((t) => t.name),
  ...(doc.ipsec?.auto_vpn?.peers ?? []).map((p) => p.name),
  ...(doc.overlay_mesh?.peers ?? []).map((p) => p.name),
];

const bondFields: FieldSpec[] = [
  { key: 'name', label: 'Name', kind: 'text', required: true },
  { key: 'members', label: 'Member WAN links', kind: 'list', required: true, options: wanNames, description: 'At least two; a link is in one bond only' },
  { key: 'mode', label: 'Mode', kind: 'select', required: true, options: MODES },
  { key: 'probe.target', label: 'Health probe target', kind: 'text', required: true, placeholder: 'IP address or host name' },
  { key: 'probe.interval_s', label: 'Probe interval (s)', kind: 'number', min: 1, max: 60 },
  { key: 'probe.failures', label: 'Failed probes before a link is down', kind: 'number', min: 1, max: 10 },
  { key: 'enabled', label: 'Enabled', kind: 'switch' },
];
const columns = [
  { key: 'name', header: 'Name' },
  { key: 'members', header: 'Members', render: (r: Record<string, unknown>) => ((r.members as string[] | undefined) ?? []).join(', ') },
  { key: 'mode', header: 'Mode' },
  enabledColumn,
];
const empty = { mode: 'balance-flow', members: [], probe: { interval_s: 5, failures: 3 }, enabled: true };

export const linkBondingPage: FamilyPageSpec = {
  ...configPageHeading('link_bonding'),
  subtitle: 'WAN links joined into one: a tunnel to a VPN peer over all of them, or the internet traffic of the site',
  monitor: { label: 'Link bonding legs', href: (deviceId) => paths.product.deviceStatusOf('sdwanstatus/bonding', deviceId) },
  emptySection: { vpn: [], internet: [] },
  tabs: [
    {
      kind: 'list',
      ...configPageTab('link_bonding', 'vpn-bonding'),
      item: 'VPN bond',
      path: ['vpn'],
      schema: vpnBondSchema,
      withId: true,
      empty,
      columns: [...columns.slice(0, 2), { key: 'peer', header: 'VPN peer' }, ...columns.slice(2)],
      fields: [...bondFields.slice(0, 1), { key: 'peer', label: 'VPN peer', kind: 'select', required: true, options: vpnPeers }, ...bondFields.slice(1)],
    },
    {
      kind: 'list',
      ...configPageTab('link_bonding', 'internet-bonding'),
      item: 'Internet bond',
      path: ['internet'],
      schema: internetBondSchema,
      withId: true,
      empty,
      columns,
      fields: bondFields,
    },
  ],
};
