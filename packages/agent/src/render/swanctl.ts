import type { ConfigDocument, IpsecTunnel } from '@netloom/domain';

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

/**
 * The document's site-to-site tunnels as swanctl.conf: one connection per enabled tunnel, leaving
 * by its WAN's address, authenticated by its pre-shared key, with one child SA for its subnets,
 * started at once and kept up (dead peers detected, the tunnel brought up again). The file holds
 * every tunnel the agent owns: loading it unloads the ones that are gone.
 */
export function swanctlConf(doc: ConfigDocument | null): string {
  const wans = doc?.interfaces?.wan ?? [];
  const tunnels = (doc?.ipsec?.tunnels ?? []).filter((t) => t.enabled);
  const conns = tunnels.map((t) => {
    const local = wans.find((w) => w.name === t.local_interface)?.ip ?? '%any';
    const name = connectionName(t);
    return [
      `  ${name} {`,
      `    version = ${t.ike === 'ikev1' ? 1 : 2}`,
      `    local_addrs = ${local}`,
      `    remote_addrs = ${t.remote}`,
      `    proposals = ${proposals(t, true)}`,
      '    dpd_delay = 10s',
      `    local { auth = psk\n      id = ${local} }`,
      `    remote { auth = psk\n      id = ${t.remote} }`,
      '    children {',
      `      ${name} {`,
      `        local_ts = ${t.local_subnets.join(',')}`,
      `        remote_ts = ${t.remote_subnets.join(',')}`,
      `        esp_proposals = ${proposals(t, false)}`,
      `        rekey_time = ${t.lifetime_seconds}s`,
      '        start_action = start',
      '        dpd_action = restart',
      '        close_action = start',
      '      }',
      '    }',
      '  }',
    ].join('\n');
  });
  const secrets = tunnels.map((t) => {
    const local = wans.find((w) => w.name === t.local_interface)?.ip ?? '%any';
    return `  ike-${connectionName(t)} {\n    id-1 = ${local}\n    id-2 = ${t.remote}\n    secret = ${quoted(t.psk)}\n  }`;
  });
  return `# Written by the Netloom agent from the configuration the console saved.\nconnections {\n${conns.join('\n')}\n}\nsecrets {\n${secrets.join('\n')}\n}\n`;
}
