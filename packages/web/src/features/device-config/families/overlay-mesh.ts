import { overlayMeshSectionSchema, overlayPeerSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec, TabContext } from '@/features/device-config/engine/types';
import { paths } from '@/paths';

const empty = { enabled: false, topology: 'hub-and-spoke', role: 'spoke', subnets: [], peers: [] };

/** Why a gateway has the peers it has: the server chooses them among its device group's gateways. */
const whereFrom = ({ mode, device }: TabContext) =>
  mode === 'template'
    ? "Each gateway's peers are chosen when it is rendered: the other gateways of its device group with the mesh on, in the same topology."
    : device && device.network_id === null
      ? 'This gateway is in no device group, so it has no mesh peers: put it in a device group (Network / Device Groups) to mesh it with that group’s gateways.'
      : null;

export const overlayMeshPage: FamilyPageSpec = {
  ...configPageHeading('overlay_mesh'),
  subtitle:
    "The SD-WAN overlay among the gateways of this gateway's device group: hub and spoke or full mesh, and the LAN subnets each one advertises. Netloom chooses the peers and gives every pair its own key",
  monitor: { label: 'Mesh tunnels', href: (deviceId) => paths.product.deviceStatusOf('ipsec/overview', deviceId) },
  emptySection: empty,
  tabs: [
    {
      kind: 'settings',
      ...configPageTab('overlay_mesh', 'settings'),
      path: [],
      schema: overlayMeshSectionSchema,
      empty,
      notice: whereFrom,
      fields: [
        { key: 'enabled', label: 'Take part in the mesh', kind: 'switch' },
        {
          key: 'topology',
          label: 'Topology',
          kind: 'select',
          required: true,
          description: 'Gateways mesh only with those of their group that use the same topology',
          options: [
            { value: 'hub-and-spoke', label: 'Hub and spoke' },
            { value: 'full-mesh', label: 'Full mesh' },
          ],
        },
        {
          key: 'role',
          label: 'This gateway is a',
          kind: 'select',
          options: ['hub', 'spoke'],
          description: 'A hub meets every spoke of the group, a spoke every hub',
          when: (v) => v.topology === 'hub-and-spoke',
        },
        {
          key: 'subnets',
          label: 'Advertised subnets',
          kind: 'list',
          placeholder: 'x.x.x.x/y',
          description: "Subnets of this gateway's LAN interfaces or VLANs that the other gateways reach through the mesh",
        },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('overlay_mesh', 'peers'),
      item: 'Peer',
      path: ['peers'],
      schema: overlayPeerSchema,
      withId: false,
      empty: {},
      notice: whereFrom,
      readOnly: {
        empty: (ctx) =>
          ctx.mode === 'template'
            ? 'A template has no peers: each gateway gets its own.'
            : 'No other gateway of this device group takes part in the mesh in a way that pairs with this one yet (same topology; a hub for a spoke, a spoke for a hub).',
      },
      columns: [
        { key: 'name', header: 'Gateway' },
        { key: 'role', header: 'Role' },
        // Null until a gateway without a static WAN reports its public address.
        { key: 'address', header: 'Reached at', render: (row) => (row.address as string | null) ?? 'Not known yet' },
        { key: 'subnets', header: 'Advertised subnets', type: 'array' },
      ],
      fields: [],
    },
  ],
};
