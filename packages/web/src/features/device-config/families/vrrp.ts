import { vrrpGroupSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';
import { allNames, enabledColumn, lanNames } from './options';

/** Tracked interfaces as lines 'wan1 -20': the interface and what its loss takes off the priority. */
const trackLines = {
  format: (t: unknown) => {
    const { interface: ifname, decrement } = t as { interface: string; decrement: number };
    return `${ifname} -${decrement}`;
  },
  parse: (line: string) => {
    // A bare name (picked from the list) lowers the priority by 10, keepalived's usual step.
    const m = /^(\S+)(?:\s+-?(\d+))?$/.exec(line.trim());
    return m ? { interface: m[1], decrement: Number(m[2] ?? 10) } : line;
  },
};

export const vrrpPage: FamilyPageSpec = {
  ...configPageHeading('vrrp'),
  subtitle: 'Gateways of one LAN share a virtual address; the one of highest priority is master and answers for it',
  monitor: { label: 'VRRP roles', href: (deviceId) => paths.product.deviceStatusOf('sdwanstatus/vrrp', deviceId) },
  emptySection: { groups: [] },
  tabs: [
    {
      kind: 'list',
      ...configPageTab('vrrp', 'vrrp'),
      item: 'VRRP group',
      path: ['groups'],
      schema: vrrpGroupSchema,
      withId: true,
      empty: { enabled: true, priority: 100, preempt: true, advert_interval_s: 1, track: [] },
      columns: [
        { key: 'interface', header: 'Interface' },
        { key: 'vrid', header: 'VRID' },
        { key: 'virtual_ip', header: 'Virtual IP', type: 'ip' },
        { key: 'priority', header: 'Priority' },
        { key: 'preempt', header: 'Pre-emption', render: (r) => (r.preempt === false ? 'No' : 'Yes') },
        enabledColumn,
      ],
      fields: [
        { key: 'interface', label: 'LAN interface', kind: 'select', required: true, options: lanNames },
        { key: 'vrid', label: 'Virtual router id', kind: 'number', required: true, min: 1, max: 255 },
        { key: 'virtual_ip', label: 'Virtual IP', kind: 'text', required: true, placeholder: 'x.x.x.x' },
        { key: 'priority', label: 'Priority', kind: 'number', required: true, min: 1, max: 254 },
        { key: 'advert_interval_s', label: 'Advertisement interval (s)', kind: 'number', min: 1, max: 255 },
        {
          key: 'track',
          label: 'Tracked interfaces',
          kind: 'list',
          placeholder: 'wan1 -20',
          description: "An interface and how much its loss lowers the priority, e.g. 'wan1 -20'",
          options: allNames,
          lines: trackLines,
        },
        { key: 'preempt', label: 'Pre-emption: take over from a master of lower priority', kind: 'switch' },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
  ],
};
