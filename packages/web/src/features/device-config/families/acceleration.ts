import { accelerationRuleSchema, accelerationSectionSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';
import { enabledColumn, wanNames } from './options';

const yes = (key: string) => (r: Record<string, unknown>) => (r[key] ? 'Yes' : 'No');

export const accelerationPage: FamilyPageSpec = {
  ...configPageHeading('acceleration'),
  subtitle: 'TCP optimisation and loss repair for chosen applications or destinations, on chosen WAN links',
  monitor: { label: 'Accelerated traffic', href: (deviceId) => paths.product.deviceStatusOf('sdwanstatus/acceleration', deviceId) },
  emptySection: { wan_links: [], rules: [] },
  tabs: [
    {
      kind: 'settings',
      ...configPageTab('acceleration', 'links'),
      path: [],
      schema: accelerationSectionSchema,
      empty: { wan_links: [], rules: [] },
      fields: [{ key: 'wan_links', label: 'WAN links', kind: 'list', options: wanNames, description: 'The rules accelerate traffic over these links' }],
    },
    {
      kind: 'list',
      ...configPageTab('acceleration', 'rules'),
      item: 'Acceleration rule',
      path: ['rules'],
      schema: accelerationRuleSchema,
      withId: true,
      empty: { window_scaling: true, selective_ack: true, fec: false, fec_overhead_pct: 20, duplication: false, enabled: true },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'application', header: 'Matches', render: (r) => String(r.application ?? r.destination ?? '–') },
        { key: 'fec', header: 'FEC', render: (r) => (r.fec ? `${String(r.fec_overhead_pct)} %` : 'No') },
        { key: 'duplication', header: 'Duplication', render: yes('duplication') },
        enabledColumn,
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        {
          key: 'application',
          label: 'Application',
          kind: 'text',
          placeholder: 'Microsoft Teams',
          description: 'Either an application or a destination subnet',
        },
        { key: 'destination', label: 'Destination subnet', kind: 'text', placeholder: 'x.x.x.x/y' },
        { key: 'window_scaling', label: 'TCP window scaling', kind: 'switch' },
        { key: 'selective_ack', label: 'TCP selective acknowledgement', kind: 'switch' },
        { key: 'fec', label: 'Forward error correction on lossy links', kind: 'switch' },
        { key: 'fec_overhead_pct', label: 'FEC overhead (%)', kind: 'number', min: 5, max: 50, when: (v) => v.fec === true },
        { key: 'duplication', label: 'Packet duplication', kind: 'switch' },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
  ],
};
