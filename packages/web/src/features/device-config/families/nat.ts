import { oneToOneSchema, portForwardSchema, sourceNatSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { PORT_PROTOCOLS, enabledColumn, wanNames } from './options';

export const natPage: FamilyPageSpec = {
  ...configPageHeading('nat'),
  subtitle: 'Port forwards, source NAT and 1:1 NAT',
  emptySection: { port_forwards: [], source_nat: [], one_to_one: [] },
  tabs: [
    {
      kind: 'list',
      ...configPageTab('nat', 'portforward'),
      item: 'Port forward',
      path: ['port_forwards'],
      schema: portForwardSchema,
      withId: true,
      empty: { protocol: 'tcp', enabled: true },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'protocol', header: 'Protocol' },
        { key: 'wan_interface', header: 'WAN' },
        { key: 'external_port', header: 'External port' },
        { key: 'internal_ip', header: 'Internal address', type: 'ip' },
        { key: 'internal_port', header: 'Internal port' },
        enabledColumn,
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'protocol', label: 'Protocol', kind: 'select', required: true, options: PORT_PROTOCOLS },
        { key: 'wan_interface', label: 'WAN interface', kind: 'select', required: true, options: wanNames },
        { key: 'external_port', label: 'External port', kind: 'text', required: true, placeholder: '443 or 8000:8080' },
        { key: 'internal_ip', label: 'Internal address', kind: 'text', required: true, placeholder: 'x.x.x.x' },
        { key: 'internal_port', label: 'Internal port', kind: 'text', placeholder: 'Empty keeps the external port' },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('nat', 'snat'),
      item: 'Source NAT rule',
      path: ['source_nat'],
      schema: sourceNatSchema,
      withId: true,
      empty: { enabled: true },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'source', header: 'Source', type: 'ip' },
        { key: 'out_interface', header: 'Out interface' },
        { key: 'translate_to', header: 'Translate to', type: 'ip' },
        enabledColumn,
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'source', label: 'Source network', kind: 'text', required: true, placeholder: 'x.x.x.x/y' },
        { key: 'out_interface', label: 'Out interface', kind: 'select', required: true, options: wanNames },
        { key: 'translate_to', label: 'Translate to', kind: 'text', placeholder: "Empty: the interface's own address" },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('nat', 'onetoone'),
      item: '1:1 NAT rule',
      path: ['one_to_one'],
      schema: oneToOneSchema,
      withId: true,
      empty: { enabled: true },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'external_ip', header: 'External address', type: 'ip' },
        { key: 'internal_ip', header: 'Internal address', type: 'ip' },
        { key: 'wan_interface', header: 'WAN' },
        enabledColumn,
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'external_ip', label: 'External address', kind: 'text', required: true, placeholder: 'x.x.x.x' },
        { key: 'internal_ip', label: 'Internal address', kind: 'text', required: true, placeholder: 'x.x.x.x' },
        { key: 'wan_interface', label: 'WAN interface', kind: 'select', required: true, options: wanNames },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
  ],
};
