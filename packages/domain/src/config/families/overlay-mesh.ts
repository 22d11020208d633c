import { z } from 'zod';
import { networkField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';
import { OVERLAY_TOPOLOGIES, overlayPeerSchema } from './overlay-peer';
import { isNetworkCidr, overlaps, subnetOfCidr } from '../subnets';

/**
 * Overlay Mesh VPN (`sdwan/device/configure/overlay-mesh-vpn`): the SD-WAN overlay among the
 * gateways of one device group. Each gateway says whether it takes part, the group's shape
 * (hub-and-spoke or full mesh), its role, and which of its LAN subnets it advertises; the server
 * writes its peers (the group's other gateways of the same shape) with a key per pair, as Auto VPN
 * does for the whole tenant. Only gateways of one group mesh: a gateway in no group has no peers.
 */
export const overlayMeshSectionSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    topology: z.enum(OVERLAY_TOPOLOGIES).default('hub-and-spoke'),
    /** Only meaningful in hub-and-spoke: a hub meets every spoke, a spoke every hub. */
    role: z.enum(['hub', 'spoke']).default('spoke'),
    /** The LAN subnets the other gateways of the group reach through the overlay (document-rules.ts: on a LAN of this device). */
    subnets: z.array(networkField()).max(16).default([]),
    /** The group's gateways this one builds tunnels to: filled in by the server, never typed. */
    peers: z.array(overlayPeerSchema).max(1024).default([]),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.subnets,
      (s) => s,
      (i) => ['subnets', i],
      'Subnet already advertised',
    );
    section.subnets.forEach((cidr, i) => {
      // A malformed subnet (or a template's variable) has its own message; it overlaps nothing yet.
      if (!isNetworkCidr(cidr)) return;
      const earlier = section.subnets.slice(0, i).some((c) => c !== cidr && isNetworkCidr(c) && overlaps(subnetOfCidr(c), subnetOfCidr(cidr)));
      if (earlier) addFieldIssue(ctx, ['subnets', i], 'Overlaps a subnet advertised above');
    });
    // A member that advertises nothing carries no traffic: its tunnels would only cost the others keys.
    if (section.enabled && section.subnets.length === 0) addFieldIssue(ctx, ['subnets'], 'Advertise at least one LAN subnet, or turn the mesh off');
  });
export type OverlayMeshSection = z.infer<typeof overlayMeshSectionSchema>;
