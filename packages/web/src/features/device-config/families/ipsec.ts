import { autoVpnSchema, ipsecTunnelSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { enabledColumn, wanNames } from './options';

export const ipsecPage: FamilyPageSpec = {
  ...configPageHeading('ipsec'),
  subtitle: 'Site-to-site tunnels, and Auto VPN among the organisation’s gateways',
  emptySection: { tunnels: [] },
  tabs: [
    {
      kind: 'list',
      ...configPageTab('ipsec', 'ipsecvpn'),
      item: 'IPsec tunnel',
      path: ['tunnels'],
      schema: ipsecTunnelSchema,
      withId: true,
      empty: {
        enabled: true,
        ike: 'ikev2',
        encryption: 'aes256',
        integrity: 'sha256',
        dh_group: 14,
        lifetime_seconds: 28800,
        local_subnets: [],
        remote_subnets: [],
      },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'remote', header: 'Remote' },
        { key: 'local_interface', header: 'WAN' },
        { key: 'local_subnets', header: 'Local subnets', type: 'array' },
        { key: 'remote_subnets', header: 'Remote subnets', type: 'array' },
        { key: 'ike', header: 'IKE' },
        enabledColumn,
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'remote', label: 'Remote gateway', kind: 'text', required: true, placeholder: 'x.x.x.x or vpn.example.com' },
        { key: 'local_interface', label: 'WAN interface', kind: 'select', required: true, options: wanNames },
        { key: 'local_subnets', label: 'Local subnets', kind: 'list', required: true, placeholder: 'x.x.x.x/y' },
        { key: 'remote_subnets', label: 'Remote subnets', kind: 'list', required: true, placeholder: 'x.x.x.x/y' },
        { key: 'psk', label: 'Pre-shared key', kind: 'password', required: true },
        { key: 'ike', label: 'IKE version', kind: 'select', options: ['ikev1', 'ikev2'] },
        { key: 'encryption', label: 'Encryption', kind: 'select', options: ['aes128', 'aes256', 'aes128gcm', 'aes256gcm'] },
        { key: 'integrity', label: 'Integrity', kind: 'select', options: ['sha256', 'sha384', 'sha512'] },
        { key: 'dh_group', label: 'DH group', kind: 'select', numeric: true, options: ['14', '15', '16', '19', '20', '21'] },
        { key: 'lifetime_seconds', label: 'Lifetime (s)', kind: 'number', min: 600, max: 86400 },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
    {
      kind: 'settings',
      ...configPageTab('ipsec', 'autovpn'),
      path: ['auto_vpn'],
      schema: autoVpnSchema,
      empty: { enabled: false, topology: 'hub-and-spoke', role: 'spoke', subnets: [] },
      fields: [
        { key: 'enabled', label: 'Auto VPN on', kind: 'switch' },
        {
          key: 'topology',
          label: 'Topology',
          kind: 'select',
          required: true,
          options: [
            { value: 'hub-and-spoke', label: 'Hub and spoke' },
            { value: 'full-mesh', label: 'Full mesh' },
          ],
        },
        { key: 'role', label: 'This gateway is a', kind: 'select', options: ['hub', 'spoke'], when: (v) => v.topology === 'hub-and-spoke' },
        { key: 'subnets', label: 'Subnets offered to the other gateways', kind: 'list', placeholder: 'x.x.x.x/y' },
      ],
    },
  ],
};
