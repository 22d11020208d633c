import { readdir } from 'node:fs/promises';
import { installed, run } from './exec';

/** What this host can run: the programs the agent drives and the link types its kernel has. */
export interface Capabilities {
  nftables: boolean;
  dnsmasq: boolean;
  /** FRR, driven through vtysh. */
  frr: boolean;
  /** strongSwan, driven through swanctl. */
  strongswan: boolean;
  wireguard: boolean;
  vlan: boolean;
  wireless: boolean;
  chrony: boolean;
  tcpdump: boolean;
  conntrack: boolean;
}

/**
 * Whether the kernel makes a link of this type: the only sure test is to make one (a module may be
 * built in, loadable or missing) and take it away again at once.
 */
async function kernelHasLink(type: 'wireguard' | 'vlan'): Promise<boolean> {
  const name = `nlprobe${process.pid % 10000}`;
  const args = type === 'vlan' ? ['link', 'add', 'link', 'lo', 'name', name, 'type', 'vlan', 'id', '4094'] : ['link', 'add', name, 'type', type];
  const made = await run('ip', args);
  if (made.code !== 0) return false;
  await run('ip', ['link', 'del', name]);
  return true;
}

async function hasWireless(): Promise<boolean> {
  try {
    const names = await readdir('/sys/class/net');
    const checks = await Promise.all(
      names.map((n) =>
        readdir(`/sys/class/net/${n}/wireless`).then(
          () => true,
          () => false,
        ),
      ),
    );
    return checks.some(Boolean);
  } catch {
    return false;
  }
}

export async function detectCapabilities(): Promise<Capabilities> {
  const [nftables, dnsmasq, frr, strongswan, chrony, tcpdump, conntrack, wireguard, vlan, wireless] = await Promise.all([
    installed('nft'),
    installed('dnsmasq'),
    installed('vtysh'),
    installed('swanctl'),
    installed('chronyc'),
    installed('tcpdump'),
    installed('conntrack'),
    kernelHasLink('wireguard'),
    kernelHasLink('vlan'),
    hasWireless(),
  ]);
  return { nftables, dnsmasq, frr, strongswan, wireguard, vlan, wireless, chrony, tcpdump, conntrack };
}

/** As the hello and the system report say it: the capabilities this host has. */
export const capabilityList = (caps: Capabilities) => (Object.keys(caps) as (keyof Capabilities)[]).filter((k) => caps[k]);
