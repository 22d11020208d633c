import { policyRouteSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { PROTOCOLS, allNames, enabledColumn } from './options';

export const policyRoutingPage: FamilyPageSpec = {
  ...configPageHeading('policy_routing'),
  subtitle: 'Send matching traffic out of a chosen interface; a lower priority is matched first',
  emptySection: [],
  tabs: [
    {
      kind: 'list',
      ...configPageTab('policy_routing', 'policyrouting'),
      item: 'Policy route',
      path: [],
      schema: policyRouteSchema,
      withId: true,
      empty: { enabled: true, protocol: 'any', priority: 100 },
      columns: [
        { key: 'priority', header: 'Priority' },
        { key: 'name', header: 'Name' },
        { key: 'protocol', header: 'Protocol' },
        { key: 'source', header: 'Source', type: 'ip' },
        { key: 'destination', header: 'Destination', type: 'ip' },
        { key: 'dest_port', header: 'Port' },
        { key: 'out_interface', header: 'Out interface' },
        enabledColumn,
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'priority', label: 'Priority', kind: 'number', required: true, min: 1, max: 1000 },
        { key: 'protocol', label: 'Protocol', kind: 'select', required: true, options: PROTOCOLS },
        { key: 'source', label: 'Source network', kind: 'text', placeholder: 'x.x.x.x/y' },
        { key: 'destination', label: 'Destination network', kind: 'text', placeholder: 'x.x.x.x/y' },
        {
          key: 'dest_port',
          label: 'Destination port',
          kind: 'text',
          placeholder: '443 or 8000:8080',
          when: (v) => ['tcp', 'udp', 'tcpudp'].includes(String(v.protocol)),
        },
        { key: 'out_interface', label: 'Out interface', kind: 'select', required: true, options: allNames },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
  ],
};
