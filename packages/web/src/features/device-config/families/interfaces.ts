import { lanInterfaceSchema, vlanSchema, wanInterfaceSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { lanOnlyNames } from './options';

const isStatic = (v: Record<string, unknown>) => v.mode === 'static';
const isPppoe = (v: Record<string, unknown>) => v.mode === 'pppoe';

export const interfacesPage: FamilyPageSpec = {
  ...configPageHeading('interfaces'),
  subtitle: 'LAN and WAN interfaces, their addresses, VLAN sub-interfaces and WAN monitoring',
  emptySection: { lan: [], wan: [], vlans: [] },
  tabs: [
    {
      kind: 'list',
      ...configPageTab('interfaces', 'laninterface'),
      item: 'LAN interface',
      path: ['lan'],
      schema: lanInterfaceSchema,
      withId: false,
      empty: { prefix: 24, mtu: 1500 },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'ip', header: 'Address', type: 'ip' },
        { key: 'prefix', header: 'Prefix' },
        { key: 'mtu', header: 'MTU' },
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'lan1' },
        { key: 'ip', label: 'Address', kind: 'text', required: true, placeholder: 'x.x.x.x' },
        { key: 'prefix', label: 'Prefix length', kind: 'number', required: true, min: 8, max: 30 },
        { key: 'mtu', label: 'MTU', kind: 'number', min: 576, max: 9000 },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('interfaces', 'waninterface'),
      item: 'WAN interface',
      path: ['wan'],
      schema: wanInterfaceSchema,
      withId: false,
      empty: { mode: 'dhcp', weight: 1, mtu: 1500, monitor: [] },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'mode', header: 'Addressing' },
        { key: 'ip', header: 'Address', type: 'ip' },
        { key: 'gateway', header: 'Gateway', type: 'ip' },
        { key: 'weight', header: 'Weight' },
        { key: 'monitor', header: 'Monitoring', type: 'array' },
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'wan1' },
        {
          key: 'mode',
          label: 'Addressing',
          kind: 'select',
          required: true,
          options: [
            { value: 'dhcp', label: 'DHCP' },
            { value: 'static', label: 'Static' },
            { value: 'pppoe', label: 'PPPoE' },
          ],
        },
        { key: 'ip', label: 'Address', kind: 'text', required: true, placeholder: 'x.x.x.x', when: isStatic },
        { key: 'prefix', label: 'Prefix length', kind: 'number', required: true, min: 8, max: 30, when: isStatic },
        { key: 'gateway', label: 'Gateway', kind: 'text', required: true, placeholder: 'x.x.x.x', when: isStatic },
        { key: 'username', label: 'PPPoE user name', kind: 'text', required: true, when: isPppoe },
        { key: 'password', label: 'PPPoE password', kind: 'password', required: true, when: isPppoe },
        { key: 'weight', label: 'Weight', kind: 'number', min: 1, max: 100, description: 'Share of traffic in load balancing' },
        { key: 'mtu', label: 'MTU', kind: 'number', min: 576, max: 9000 },
        {
          key: 'monitor',
          label: 'Monitoring targets',
          kind: 'list',
          placeholder: '8.8.8.8 or a host name',
          description: 'Pinged to tell whether the link works (up to 4)',
        },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('interfaces', 'vlan'),
      item: 'VLAN',
      path: ['vlans'],
      schema: vlanSchema,
      withId: true,
      empty: { prefix: 24 },
      columns: [
        { key: 'parent', header: 'Interface' },
        { key: 'vlan_id', header: 'VLAN id' },
        { key: 'ip', header: 'Address', type: 'ip' },
        { key: 'prefix', header: 'Prefix' },
      ],
      fields: [
        { key: 'parent', label: 'LAN interface', kind: 'select', required: true, options: lanOnlyNames },
        { key: 'vlan_id', label: 'VLAN id', kind: 'number', required: true, min: 1, max: 4094 },
        { key: 'ip', label: 'Address', kind: 'text', required: true, placeholder: 'x.x.x.x' },
        { key: 'prefix', label: 'Prefix length', kind: 'number', required: true, min: 8, max: 30 },
      ],
    },
  ],
};
