import { z } from 'zod';
import { ipOrFqdnField, networkField } from './fields';

/**
 * A gateway an overlay (Auto VPN, Overlay Mesh VPN) builds a tunnel to: filled in by the server
 * from every gateway's own setting, never typed. It carries where the peer is reached (its static
 * WAN address, else the public address it reports; null until known) and the key both ends of
 * that pair share.
 */
export const overlayPeerSchema = z.strictObject({
  device_id: z.string().uuid(),
  name: z.string().max(128),
  role: z.enum(['hub', 'spoke']),
  subnets: z.array(networkField()).max(16),
  address: ipOrFqdnField().nullable().default(null),
  psk: z.string().max(128).default(''),
});
export type OverlayPeer = z.infer<typeof overlayPeerSchema>;

export const OVERLAY_TOPOLOGIES = ['hub-and-spoke', 'full-mesh'] as const;
export type OverlayTopology = (typeof OVERLAY_TOPOLOGIES)[number];
export type OverlayRole = OverlayPeer['role'];
