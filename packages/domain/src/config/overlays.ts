import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { ConfigDocument } from './document';
import type { AutoVpn } from './families/ipsec';
import type { OverlayMeshSection } from './families/overlay-mesh';
import type { OverlayPeer, OverlayRole, OverlayTopology } from './families/overlay-peer';

/**
 * The overlays the server builds from each gateway's own setting: Auto VPN among all of a
 * tenant's gateways, Overlay Mesh VPN among the gateways of one device group. One engine chooses
 * the peers and derives the pair keys of both; each overlay has a key label of its own, so a pair
 * of gateways in both never uses one key for two tunnels.
 */

/** A gateway that takes part in an overlay, as its own configuration says, and where it is reached (null: not known yet). */
export interface OverlayMember extends Omit<OverlayPeer, 'psk'> {
  topology: OverlayTopology;
}
export type AutoVpnMember = OverlayMember;
/** A gateway of a mesh, with the device group it is in (null: in none, so it meshes with nobody). */
export interface MeshMember extends OverlayMember {
  network_id: string | null;
}

/** What tells one overlay's pair keys from another's. */
export type OverlayKeyLabel = 'auto-vpn' | 'overlay-mesh';

interface OverlaySelf {
  deviceId?: string;
  role: OverlayRole;
  topology: OverlayTopology;
}

/**
 * Peers from one setting: hub-and-spoke gives a spoke every hub and a hub every spoke; full mesh
 * gives every gateway all the others of that topology. A gateway that left stops being a peer
 * with its next render.
 */
export function overlayPeers(self: OverlaySelf, members: readonly OverlayMember[], secret: string, label: OverlayKeyLabel): OverlayPeer[] {
  return members
    .filter((m) => m.device_id !== self.deviceId && m.topology === self.topology && (self.topology === 'full-mesh' || m.role !== self.role))
    .map(({ device_id, name, role, subnets, address }) => ({
      device_id,
      name,
      role,
      subnets,
      address,
      psk: secret && self.deviceId ? overlayPairKey(label, secret, self.deviceId, device_id) : '',
    }))
    .sort((a, b) => a.device_id.localeCompare(b.device_id));
}

/** Auto VPN: the tenant's gateways are one overlay. */
export const autoVpnPeers = (self: OverlaySelf, members: readonly AutoVpnMember[], secret = '') => overlayPeers(self, members, secret, 'auto-vpn');

/** Overlay Mesh VPN: only the gateways of this one's device group; a gateway in no group has no peers. */
export function meshPeers(self: OverlaySelf & { networkId: string | null | undefined }, members: readonly MeshMember[], secret = ''): OverlayPeer[] {
  if (!self.networkId) return [];
  return overlayPeers(
    self,
    members.filter((m) => m.network_id === self.networkId),
    secret,
    'overlay-mesh',
  );
}

/**
 * The pre-shared key of one pair of an overlay: HMAC-SHA256 of the overlay's label and the two
 * device ids (in a fixed order, so both ends derive the same) under the tenant's secret. Nobody
 * types or stores it, a pair's key differs from every other pair's and from the same pair's in the
 * other overlay, and a new secret gives every pair a new key.
 */
export function overlayPairKey(label: OverlayKeyLabel, secret: string, a: string, b: string): string {
  const [first, second] = [a, b].sort();
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${label}|${first}|${second}`))).slice(0, 48);
}
export const autoVpnPairKey = (secret: string, a: string, b: string) => overlayPairKey('auto-vpn', secret, a, b);

/** What rendering needs to write a device's overlay peers. */
export interface OverlayInput {
  deviceId?: string;
  /** The device group the device is in (Overlay Mesh VPN meshes one group). */
  networkId?: string | null;
  /** The tenant's Auto VPN gateways: the device's Auto VPN peers are chosen from them. */
  autoVpnMembers?: readonly AutoVpnMember[];
  /** The tenant's Overlay Mesh VPN gateways, each with its group: the device's mesh peers are chosen from them. */
  meshMembers?: readonly MeshMember[];
  /** The tenant's overlay secret: each pair's pre-shared key of either overlay is derived from it (overlayPairKey). */
  autoVpnSecret?: string;
}

type Setting = { enabled?: boolean; role?: OverlayRole; topology?: OverlayTopology };
const isSetting = (v: unknown): v is Setting => v !== null && typeof v === 'object';

/** The merged document with each overlay's peers written by the server, whatever peers it held. */
export function withOverlayPeers(doc: Record<string, unknown>, input: OverlayInput): Record<string, unknown> {
  const self = (s: Setting) => ({ deviceId: input.deviceId, role: s.role ?? 'spoke', topology: s.topology! });
  let out = doc;
  const ipsec = doc.ipsec as { auto_vpn?: unknown } | undefined;
  const auto = ipsec?.auto_vpn;
  if (isSetting(auto)) {
    const peers = auto.enabled && auto.topology ? autoVpnPeers(self(auto), input.autoVpnMembers ?? [], input.autoVpnSecret) : [];
    out = { ...out, ipsec: { ...ipsec, auto_vpn: { ...auto, peers } } };
  }
  const mesh = doc.overlay_mesh;
  if (isSetting(mesh)) {
    // A section the person left at its defaults is on, in hub-and-spoke, as a spoke (overlay-mesh.ts).
    const on = mesh.enabled ?? true;
    const setting = { ...mesh, topology: mesh.topology ?? 'hub-and-spoke' };
    const peers = on ? meshPeers({ ...self(setting), networkId: input.networkId }, input.meshMembers ?? [], input.autoVpnSecret) : [];
    out = { ...out, overlay_mesh: { ...mesh, peers } };
  }
  return out;
}

/** Where the other gateways reach this one: its first static WAN address (what it was given), else the public address it reports. */
export function autoVpnAddress(doc: Pick<ConfigDocument, 'interfaces'>, reportedAddress: string | null): string | null {
  const wan = doc.interfaces?.wan.find((w) => w.mode === 'static' && w.ip);
  return wan?.ip ?? reportedAddress;
}

/** The device's own Auto VPN membership, read from its document (null: not taking part). */
export function autoVpnMemberOf(deviceId: string, name: string, doc: ConfigDocument, reportedAddress: string | null = null): AutoVpnMember | null {
  const a: AutoVpn | undefined = doc.ipsec?.auto_vpn;
  return a?.enabled
    ? { device_id: deviceId, name, role: a.role, topology: a.topology, subnets: a.subnets, address: autoVpnAddress(doc, reportedAddress) }
    : null;
}

/** The device's own mesh membership, read from its document and its group (null: not taking part). */
export function meshMemberOf(
  device: { id: string; name: string; networkId: string | null },
  doc: ConfigDocument,
  reportedAddress: string | null = null,
): MeshMember | null {
  const m: OverlayMeshSection | undefined = doc.overlay_mesh;
  return m?.enabled
    ? {
        device_id: device.id,
        name: device.name,
        role: m.role,
        topology: m.topology,
        subnets: m.subnets,
        address: autoVpnAddress(doc, reportedAddress),
        network_id: device.networkId,
      }
    : null;
}

/**
 * A document as a person sends it, without the overlay peers it may carry back from an answer:
 * the server writes them at every render, and their keys come back masked.
 */
export function withoutOverlayPeers<T extends { ipsec?: unknown; overlay_mesh?: unknown }>(doc: T): T {
  let out = doc;
  const ipsec = doc.ipsec as { auto_vpn?: Record<string, unknown> } | undefined;
  if (ipsec?.auto_vpn) out = { ...out, ipsec: { ...ipsec, auto_vpn: { ...ipsec.auto_vpn, peers: [] } } };
  const mesh = doc.overlay_mesh as Record<string, unknown> | undefined;
  if (mesh && typeof mesh === 'object') out = { ...out, overlay_mesh: { ...mesh, peers: [] } };
  return out;
}
