import { autoVpnAddress, type ConfigDocument, type IpsecTunnel, type OverlayPeer } from '@netloom/domain';

/** strongSwan's names for the console's choices (IKE with GCM takes its PRF from the integrity choice). */
const DH = { 14: 'modp2048', 15: 'modp3072', 16: 'modp4096', 19: 'ecp256', 20: 'ecp384', 21: 'ecp521' } as const;
const GCM = { aes128gcm: 'aes128gcm16', aes256gcm: 'aes256gcm16' } as const;

const proposals = (t: IpsecTunnel, ike: boolean) => {
  const dh = DH[t.dh_group];
  if (t.encryption === 'aes128gcm' || t.encryption === 'aes256gcm') return `${GCM[t.encryption]}-${ike ? `prf${t.integrity}-` : ''}${dh}`;
  return `${t.encryption}-${t.integrity}-${dh}`;
};

/** A tunnel's name as swanctl may write it; the console's name stays what the agent reports. */
export const connectionName = (t: Pick<IpsecTunnel, 'id'>) => `nl-${t.id}`;

/** A value in swanctl.conf's quotes: the PSK is the admin's text, quotes and backslashes escaped. */
const quoted = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The overlays' one choice: both ends are Netloom gateways, so nothing is negotiated beyond what every charon has (gmp, aes, sha2). */
const OVERLAY_PROPOSAL = 'aes256-sha256-modp2048';

/** An overlay (Auto VPN, Overlay Mesh VPN) as the box runs it: where its setting sits, how the console and swanctl name its tunnels. */
const OVERLAYS = [
  { key: 'auto-vpn', setting: (doc: ConfigDocument) => doc.ipsec?.auto_vpn, tunnelName: (peer: string) => `auto-${peer}` },
  { key: 'overlay-mesh', setting: (doc: ConfigDocument) => doc.overlay_mesh, tunnelName: (peer: string) => `mesh-${peer}` },
] as const;

/** One overlay tunnel: to a peer the server wrote into the document, with the pair's key. */
export interface OverlayTunnel {
  /** As the console (and the simulator) name it: `auto-<peer>`, `mesh-<peer>`. */
  name: string;
  /** The swanctl connection: `nl-auto-vpn-<peer's device id>`, `nl-overlay-mesh-<…>`. */
  connection: string;
  /** The peer's address; '' while it is not known. */
  remote: string;
  /** Why it is not loaded (reported down with this); null when it is. */
  skipped: string | null;
  /** The IKE identities of both ends: the overlay's name at each address, so a pair in both overlays has one key per overlay. */
  localId: string;
  remoteId: string;
  local: string;
  localSubnets: string[];
  peer: OverlayPeer;
}

/**
 * The overlay tunnels of a document: one per peer of each overlay it takes part in, leaving by its
 * first static WAN (the address its peers were given). A peer not known enough to meet (no
 * address yet, no key, no subnets) is skipped with the reason, not an error.
 */
export function overlayTunnels(doc: ConfigDocument | null): OverlayTunnel[] {
  if (!doc) return [];
  const local = autoVpnAddress(doc, null);
  return OVERLAYS.flatMap((overlay) => {
    const setting = overlay.setting(doc);
    if (!setting?.enabled) return [];
    return setting.peers.map((peer) => {
      const skipped = !peer.address
        ? 'the peer has not reported its address yet'
        : !peer.psk
          ? 'no key for this peer'
          : !local
            ? 'this gateway has no WAN with a static address'
            : !setting.subnets.length
              ? 'this gateway offers no subnets'
              : !peer.subnets.length
                ? 'the peer offers no subnets'
                : null;
      return {
        name: overlay.tunnelName(peer.name),
        connection: `nl-${overlay.key}-${peer.device_id}`,
        remote: peer.address ?? '',
        skipped,
        localId: `${overlay.key}@${local}`,
        remoteId: `${overlay.key}@${peer.address}`,
        local: local ?? '%any',
        localSubnets: setting.subnets,
        peer,
      };
    });
  });
}

interface Connection {
  name: string;
  version: 1 | 2;
  local: string;
  remote: string;
  localId: string;
  remoteId: string;
  proposals: string;
  espProposals: string;
  localTs: string[];
  remoteTs: string[];
  rekeyS?: number;
}

const connectionConf = (c: Connection) =>
  [
    `  ${c.name} {`,
    `    version = ${c.version}`,
    `    local_addrs = ${c.local}`,
    `    remote_addrs = ${c.remote}`,
    `    proposals = ${c.proposals}`,
    '    dpd_delay = 10s',
    `    local { auth = psk\n      id = ${c.localId} }`,
    `    remote { auth = psk\n      id = ${c.remoteId} }`,
    '    children {',
    `      ${c.name} {`,
    `        local_ts = ${c.localTs.join(',')}`,
    `        remote_ts = ${c.remoteTs.join(',')}`,
    `        esp_proposals = ${c.espProposals}`,
    ...(c.rekeyS ? [`        rekey_time = ${c.rekeyS}s`] : []),
    '        start_action = start',
    '        dpd_action = restart',
    '        close_action = start',
    '      }',
    '    }',
    '  }',
  ].join('\n');

const secretConf = (c: Pick<Connection, 'name' | 'localId' | 'remoteId'>, psk: string) =>
  `  ike-${c.name} {\n    id-1 = ${c.localId}\n    id-2 = ${c.remoteId}\n    secret = ${quoted(psk)}\n  }`;

/**
 * The document's site-to-site tunnels and overlay peers as swanctl.conf: one connection per
 * enabled tunnel, leaving by its WAN's address, authenticated by its pre-shared key, with one
 * child SA for its subnets, started at once and kept up (dead peers detected, the tunnel brought
 * up again); one per overlay peer that can be met, from the gateway's static WAN, its offered
 * subnets against the peer's. The file holds every tunnel the agent owns: loading it unloads the
 * ones that are gone.
 */
export function swanctlConf(doc: ConfigDocument | null): string {
  const wans = doc?.interfaces?.wan ?? [];
  const tunnels = (doc?.ipsec?.tunnels ?? [])
    .filter((t) => t.enabled)
    .map((t) => {
      const local = wans.find((w) => w.name === t.local_interface)?.ip ?? '%any';
      const conn: Connection = {
        name: connectionName(t),
        version: t.ike === 'ikev1' ? 1 : 2,
        local,
        remote: t.remote,
        localId: local,
        remoteId: t.remote,
        proposals: proposals(t, true),
        espProposals: proposals(t, false),
        localTs: t.local_subnets,
        remoteTs: t.remote_subnets,
        rekeyS: t.lifetime_seconds,
      };
      return { conn, psk: t.psk };
    });
  const overlays = overlayTunnels(doc)
    .filter((o) => o.skipped === null)
    .map((o) => {
      const conn: Connection = {
        name: o.connection,
        version: 2,
        local: o.local,
        remote: o.remote,
        localId: o.localId,
        remoteId: o.remoteId,
        proposals: OVERLAY_PROPOSAL,
        espProposals: OVERLAY_PROPOSAL,
        localTs: o.localSubnets,
        remoteTs: o.peer.subnets,
      };
      return { conn, psk: o.peer.psk };
    });
  const all = [...tunnels, ...overlays];
  return `# Written by the Netloom agent from the configuration the console saved.\nconnections {\n${all.map((c) => connectionConf(c.conn)).join('\n')}\n}\nsecrets {\n${all.map((c) => secretConf(c.conn, c.psk)).join('\n')}\n}\n`;
}
