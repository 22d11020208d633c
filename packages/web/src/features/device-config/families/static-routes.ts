import { staticRouteSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { allNames, enabledColumn } from './options';

export const staticRoutesPage: FamilyPageSpec = {
  ...configPageHeading('static_routes'),
  subtitle: 'Routes a gateway takes to networks beyond its own',
  emptySection: [],
  tabs: [
    {
      kind: 'list',
      ...configPageTab('static_routes', 'staticroutes'),
      item: 'Static route',
      path: [],
      schema: staticRouteSchema,
      withId: true,
      empty: { metric: 0, enabled: true },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'destination', header: 'Destination', type: 'ip' },
        { key: 'gateway', header: 'Gateway', type: 'ip' },
        { key: 'interface', header: 'Interface' },
        { key: 'metric', header: 'Metric' },
        enabledColumn,
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'destination', label: 'Destination', kind: 'text', required: true, placeholder: 'x.x.x.x/y' },
        { key: 'gateway', label: 'Gateway', kind: 'text', required: true, placeholder: 'x.x.x.x' },
        { key: 'interface', label: 'Interface', kind: 'select', options: allNames, description: 'Empty: the one the gateway is reached through' },
        { key: 'metric', label: 'Metric', kind: 'number', min: 0, max: 255 },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
  ],
};
