import { z } from 'zod';
import { storableText } from '../../validators/storable-text';
import { ifnameField, ipOrFqdnField, nameField, networkField } from './fields';
import { OVERLAY_TOPOLOGIES, overlayPeerSchema } from './overlay-peer';
import { flagRepeats } from './issues';

/** IPsec VPN: site-to-site tunnels and the automatic VPN between the tenant's gateways. */
export const ipsecTunnelSchema = z.strictObject({
  id: z.string().uuid(),
  name: nameField(),
  enabled: z.boolean().default(true),
  remote: ipOrFqdnField(),
  /** The WAN interface the tunnel leaves by. */
  local_interface: ifnameField(),
  local_subnets: z.array(networkField()).min(1, 'Add at least one subnet').max(16),
  remote_subnets: z.array(networkField()).min(1, 'Add at least one subnet').max(16),
  psk: storableText().min(8).max(128),
  ike: z.enum(['ikev1', 'ikev2']).default('ikev2'),
  encryption: z.enum(['aes128', 'aes256', 'aes128gcm', 'aes256gcm']).default('aes256'),
  integrity: z.enum(['sha256', 'sha384', 'sha512']).default('sha256'),
  /** MODP 2048–4096 and the elliptic curves; the weaker groups are not offered. */
  dh_group: z.literal([14, 15, 16, 19, 20, 21]).default(14),
  lifetime_seconds: z.number().int().min(600).max(86400).default(28800),
});
export type IpsecTunnel = z.infer<typeof ipsecTunnelSchema>;

export const autoVpnSchema = z.strictObject({
  enabled: z.boolean(),
  topology: z.enum(OVERLAY_TOPOLOGIES),
  /** Only meaningful in hub-and-spoke. */
  role: z.enum(['hub', 'spoke']).default('spoke'),
  /** The LAN subnets offered to the other gateways. */
  subnets: z.array(networkField()).max(16).default([]),
  /** The gateways this one builds tunnels to: filled in by the server, never typed (overlay-peer.ts). */
  peers: z.array(overlayPeerSchema).max(1024).default([]),
});
export type AutoVpn = z.infer<typeof autoVpnSchema>;
export type AutoVpnPeer = AutoVpn['peers'][number];

export const ipsecSectionSchema = z
  .strictObject({ tunnels: z.array(ipsecTunnelSchema).max(64).default([]), auto_vpn: autoVpnSchema.optional() })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.tunnels,
      (t) => t.name,
      (i) => ['tunnels', i, 'name'],
      'Tunnel name already used',
    );
  });
export type IpsecSection = z.infer<typeof ipsecSectionSchema>;
