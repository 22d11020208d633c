import { staticUserEntrySchema, userMappingSectionSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';

const empty = {
  enabled: true,
  static_entries: [],
  radius: { enabled: false, port: 1813, secret: '', clients: [] },
  ztna_identity: true,
  dhcp_hostnames: false,
  timeout_min: 480,
};

export const userMappingPage: FamilyPageSpec = {
  ...configPageHeading('user_mapping'),
  subtitle:
    "Who sits behind each LAN address, so the gateway's flow records and the per-user analytics name branch users. When sources disagree, a static entry wins, then RADIUS, then the ZTNA client, then the DHCP host name",
  monitor: { label: 'Users behind LAN addresses', href: (deviceId) => paths.product.deviceStatusOf('network/usermapping', deviceId) },
  emptySection: empty,
  tabs: [
    {
      kind: 'settings',
      ...configPageTab('user_mapping', 'sources'),
      path: [],
      schema: userMappingSectionSchema,
      empty,
      fields: [
        { key: 'enabled', label: 'Map users', kind: 'switch' },
        {
          key: 'radius.enabled',
          label: 'RADIUS accounting',
          kind: 'switch',
          description: "Start and Interim records of the site's access points and switches name the user of an address",
        },
        { key: 'radius.port', label: 'RADIUS accounting port', kind: 'number', min: 1, max: 65535 },
        { key: 'radius.secret', label: 'RADIUS shared secret', kind: 'password' },
        {
          key: 'radius.clients',
          label: 'RADIUS client networks',
          kind: 'list',
          placeholder: '192.168.1.0/24',
          description: 'Accounting is heard only from these networks',
        },
        { key: 'ztna_identity', label: 'ZTNA client identity', kind: 'switch', description: 'The user signed in to the ZTNA client of a LAN host' },
        {
          key: 'dhcp_hostnames',
          label: 'DHCP host names',
          kind: 'switch',
          description: "A lease's host name taken as its user, for offices that name laptops after people",
        },
        { key: 'timeout_min', label: 'Forget a learned user after (min)', kind: 'number', min: 1, max: 1440 },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('user_mapping', 'static'),
      item: 'Static entry',
      path: ['static_entries'],
      schema: staticUserEntrySchema,
      withId: true,
      empty: {},
      columns: [
        { key: 'address', header: 'Address' },
        { key: 'user', header: 'User' },
      ],
      fields: [
        { key: 'address', label: 'Address', kind: 'text', required: true, placeholder: '192.168.1.20' },
        { key: 'user', label: 'User', kind: 'text', required: true, placeholder: 'asha@example.com or OFFICE\\asha' },
      ],
    },
  ],
};
