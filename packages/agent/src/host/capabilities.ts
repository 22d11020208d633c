import { access, readdir } from 'node:fs/promises';
import { installed, run } from './exec';
import { chronydAnswers } from './clock';
import type { Frr } from './frr';
import type { Strongswan } from './strongswan';

/** What this host can run: the programs the agent drives and the link types its kernel has. */
export interface Capabilities {
  nftables: boolean;
  dnsmasq: boolean;
  /** FRR, driven through vtysh. */
  frr: boolean;
  /** FRR's BGP daemon runs (FRR installed is not enough: /etc/frr/daemons turns it on). */
  bgpd: boolean;
  /** The kernel's IPsec (XFRM), which strongSwan needs. */
  xfrm: boolean;
  /** strongSwan, driven through swanctl. */
  strongswan: boolean;
  /** strongSwan's charon answers on its socket (with XFRM, or userspace IPsec through kernel-libipsec). */
  charon: boolean;
  wireguard: boolean;
  vlan: boolean;
  wireless: boolean;
  chrony: boolean;
  /** chrony's daemon answers on its command socket (the agent adds NTP servers to it). */
  chronyd: boolean;
  tcpdump: boolean;
  conntrack: boolean;
  /** A DHCP client for WANs that take their address by DHCP. */
  dhclient: boolean;
  /** The diagnostics' programs beyond ping. */
  traceroute: boolean;
  iperf3: boolean;
}

/**
 * Whether the kernel makes a link of this type: the only sure test is to make one (a module may be
 * built in, loadable or missing) and take it away again at once.
 */
async function kernelHasLink(type: 'wireguard'): Promise<boolean> {
  const name = `nlprobe${process.pid % 10000}`;
  const made = await run('ip', ['link', 'add', name, 'type', type]);
  if (made.code !== 0) return false;
  await run('ip', ['link', 'del', name]);
  return true;
}

/** The links the VLAN probe makes, in a network namespace of its own that goes with it: the box's own links are never touched. */
const VLAN_PROBE = 'link add name nlprobe0 type veth peer name nlprobe1\nlink add link nlprobe0 name nlprobe0.4094 type vlan id 4094\n';

/**
 * Whether the kernel makes 802.1Q links: one is made on a veth pair in a throwaway network
 * namespace (loopback takes no VLAN, so it cannot be the parent). Without `unshare`, the 8021q
 * module loaded (/proc/net/vlan) is the answer.
 */
async function kernelHasVlan(): Promise<boolean> {
  const made = await run('unshare', ['--net', 'ip', '-batch', '-'], VLAN_PROBE);
  if (made.code === 0) return true;
  if (/Unknown device type|not supported/i.test(made.stderr)) return false;
  return access('/proc/net/vlan').then(
    () => true,
    () => false,
  );
}

/** Whether the kernel keeps IPsec security associations: one is made on loopback addresses and taken away again at once. */
async function kernelHasXfrm(): Promise<boolean> {
  const spi = `0x${(0x4e4c0000 + (process.pid % 0xffff)).toString(16)}`;
  const sa = ['src', '127.0.0.2', 'dst', '127.0.0.3', 'proto', 'esp', 'spi', spi];
  const made = await run('ip', [
    'xfrm',
    'state',
    'add',
    ...sa,
    'mode',
    'transport',
    'enc',
    'cbc(aes)',
    `0x${'11'.repeat(16)}`,
    'auth',
    'hmac(sha256)',
    `0x${'22'.repeat(32)}`,
  ]);
  if (made.code !== 0) return false;
  await run('ip', ['xfrm', 'state', 'delete', ...sa]);
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

export async function detectCapabilities(frr: Frr, strongswand: Strongswan, chronycSocket?: string): Promise<Capabilities> {
  const [nftables, dnsmasq, vtysh, strongswan, chrony, tcpdump, conntrack, traceroute, dhclient, iperf3, wireguard, vlan, wireless, xfrm] = await Promise.all([
    installed('nft'),
    installed('dnsmasq'),
    installed('vtysh'),
    installed('swanctl'),
    installed('chronyc'),
    installed('tcpdump'),
    installed('conntrack'),
    installed('traceroute'),
    installed('dhclient'),
    installed('iperf3'),
    kernelHasLink('wireguard'),
    kernelHasVlan(),
    hasWireless(),
    kernelHasXfrm(),
  ]);
  const bgpd = vtysh ? await frr.bgpdRunning() : false;
  const charon = strongswan ? await strongswand.charonRunning() : false;
  const chronyd = chrony ? await chronydAnswers(chronycSocket) : false;
  return {
    nftables,
    dnsmasq,
    frr: vtysh,
    bgpd,
    xfrm,
    strongswan,
    charon,
    wireguard,
    vlan,
    wireless,
    chrony,
    chronyd,
    tcpdump,
    conntrack,
    traceroute,
    iperf3,
    dhclient,
  };
}

/** As the hello and the system report say it: the capabilities this host has. */
export const capabilityList = (caps: Capabilities) => (Object.keys(caps) as (keyof Capabilities)[]).filter((k) => caps[k]);
