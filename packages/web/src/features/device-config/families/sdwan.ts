import { sdwanInterfaceSchema, sdwanRuleSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { enabledColumn, sdwanLinks, wanNames } from './options';

export const sdwanPage: FamilyPageSpec = {
  ...configPageHeading('sdwan'),
  subtitle: 'The WAN links traffic is steered over, and the rules that pick one by application, destination or DSCP',
  emptySection: { interfaces: [], rules: [] },
  tabs: [
    {
      kind: 'list',
      ...configPageTab('sdwan', 'interfaces'),
      item: 'SD-WAN interface',
      path: ['interfaces'],
      schema: sdwanInterfaceSchema,
      withId: false,
      empty: { enabled: true, priority: 1 },
      columns: [{ key: 'interface', header: 'WAN interface' }, { key: 'priority', header: 'Priority' }, enabledColumn],
      fields: [
        { key: 'interface', label: 'WAN interface', kind: 'select', required: true, options: wanNames },
        { key: 'priority', label: 'Priority (1 is tried first)', kind: 'number', min: 1, max: 10 },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('sdwan', 'rules'),
      item: 'SD-WAN rule',
      path: ['rules'],
      schema: sdwanRuleSchema,
      withId: true,
      empty: { enabled: true, failover: true, sla: { latency_ms: 150, jitter_ms: 30, loss_pct: 2 } },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'application', header: 'Application' },
        { key: 'destination', header: 'Destination', type: 'ip' },
        { key: 'dscp', header: 'DSCP' },
        { key: 'preferred_wan', header: 'Preferred WAN' },
        { key: 'sla.latency_ms', header: 'Latency (ms)' },
        { key: 'sla.loss_pct', header: 'Loss (%)' },
        enabledColumn,
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'application', label: 'Application', kind: 'text', placeholder: 'zoom, office365…' },
        { key: 'destination', label: 'Destination network', kind: 'text', placeholder: 'x.x.x.x/y' },
        { key: 'dscp', label: 'DSCP', kind: 'number', min: 0, max: 63 },
        { key: 'preferred_wan', label: 'Preferred WAN', kind: 'select', required: true, options: sdwanLinks },
        { key: 'sla.latency_ms', label: 'Max latency (ms)', kind: 'number', required: true, min: 1, max: 10000 },
        { key: 'sla.jitter_ms', label: 'Max jitter (ms)', kind: 'number', required: true, min: 1, max: 10000 },
        { key: 'sla.loss_pct', label: 'Max loss (%)', kind: 'number', required: true, min: 0, max: 100 },
        { key: 'failover', label: 'Fail over to another link when the SLA is missed', kind: 'switch' },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
  ],
};
