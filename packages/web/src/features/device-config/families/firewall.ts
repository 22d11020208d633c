import { firewallRuleSchema, ipSetSchema, zoneSchema, configPageHeading, configPageTab, type ConfigTabRoute } from '@netloom/domain';
import type { FieldSpec, FamilyPageSpec, ListTab } from '@/features/device-config/engine/types';
import { PROTOCOLS, VERDICTS, allNames, enabledColumn, zoneNames } from './options';

const ruleFields: FieldSpec[] = [
  { key: 'name', label: 'Name', kind: 'text', required: true },
  { key: 'protocol', label: 'Protocol', kind: 'select', required: true, options: PROTOCOLS },
  { key: 'src_zone', label: 'Source zone', kind: 'select', options: zoneNames },
  { key: 'src', label: 'Source', kind: 'text', placeholder: 'x.x.x.x, x.x.x.x/y or @ipset' },
  { key: 'dest_zone', label: 'Destination zone', kind: 'select', options: zoneNames },
  { key: 'dest', label: 'Destination', kind: 'text', placeholder: 'x.x.x.x, x.x.x.x/y or @ipset' },
  {
    key: 'dest_port',
    label: 'Destination port',
    kind: 'text',
    placeholder: '443 or 8000:8080',
    when: (v) => ['tcp', 'udp', 'tcpudp'].includes(String(v.protocol)),
  },
  { key: 'action', label: 'Action', kind: 'select', required: true, options: VERDICTS },
  { key: 'enabled', label: 'Enabled', kind: 'switch' },
];

const ruleTab = (route: ConfigTabRoute<'firewall'>, item: string, side: 'inbound' | 'outbound'): ListTab => ({
  kind: 'list',
  ...configPageTab('firewall', route),
  item,
  path: [side],
  schema: firewallRuleSchema,
  withId: true,
  empty: { protocol: 'any', action: side === 'inbound' ? 'drop' : 'accept', enabled: true },
  columns: [
    { key: 'name', header: 'Name' },
    { key: 'protocol', header: 'Protocol' },
    { key: 'src_zone', header: 'From zone' },
    { key: 'src', header: 'Source' },
    { key: 'dest_zone', header: 'To zone' },
    { key: 'dest', header: 'Destination' },
    { key: 'dest_port', header: 'Port' },
    { key: 'action', header: 'Action' },
    enabledColumn,
  ],
  fields: ruleFields,
});

export const firewallPage: FamilyPageSpec = {
  ...configPageHeading('firewall'),
  subtitle: 'Zones, inbound and outbound rules and IP sets; rules are evaluated top down',
  emptySection: { zones: [], inbound: [], outbound: [], ipsets: [] },
  tabs: [
    {
      kind: 'list',
      ...configPageTab('firewall', 'zones'),
      item: 'Zone',
      path: ['zones'],
      schema: zoneSchema,
      withId: true,
      empty: { interfaces: [], input: 'accept', output: 'accept', forward: 'reject', masquerade: false },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'interfaces', header: 'Interfaces', type: 'array' },
        { key: 'input', header: 'Input' },
        { key: 'output', header: 'Output' },
        { key: 'forward', header: 'Forward' },
        { key: 'masquerade', header: 'Masquerade', render: (r) => (r.masquerade ? 'Yes' : 'No') },
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'lan' },
        { key: 'interfaces', label: 'Interfaces', kind: 'list', description: `The device's interfaces in this zone`, options: allNames },
        { key: 'input', label: 'Input', kind: 'select', required: true, options: VERDICTS },
        { key: 'output', label: 'Output', kind: 'select', required: true, options: VERDICTS },
        { key: 'forward', label: 'Forward', kind: 'select', required: true, options: VERDICTS },
        { key: 'masquerade', label: 'Masquerade (NAT out of this zone)', kind: 'switch' },
      ],
    },
    ruleTab('inboundrules', 'Inbound rule', 'inbound'),
    ruleTab('outboundrules', 'Outbound rule', 'outbound'),
    {
      kind: 'list',
      ...configPageTab('firewall', 'ipset'),
      item: 'IP set',
      path: ['ipsets'],
      schema: ipSetSchema,
      withId: true,
      empty: { entries: [] },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'entries', header: 'Entries', type: 'array' },
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'entries', label: 'Addresses and networks', kind: 'list', required: true, placeholder: 'x.x.x.x or x.x.x.x/y' },
      ],
    },
  ],
};
