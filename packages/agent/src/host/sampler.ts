import { readFile } from 'node:fs/promises';
import os from 'node:os';
import si from 'systeminformation';
import type { ConfigDocument } from '@netloom/domain';
import { run } from './exec';
import { listRoutes, listRules, type KernelRoute, type KernelRule } from './kernel';
import type { Dnsmasq, Lease } from './dnsmasq';
import { FILTER_TABLE, NAT_TABLE } from '../render/nftables';
import { probeWans, type Probe } from './probes';
import type { BgpReading, Frr } from './frr';
import type { SaReading, Strongswan } from './strongswan';
import type { Clock, ClockReading } from './clock';

interface KernelLink {
  ifname: string;
  address?: string;
  operstate?: string;
  flags?: string[];
  stats64?: { rx: { bytes: number; errors: number }; tx: { bytes: number; errors: number } };
  /** Link speed in Mbit/s, from sysfs; absent where the driver has none (a veth). */
  speed?: number;
}
interface KernelAddr {
  ifname: string;
  addr_info: { family: string; local: string; prefixlen: number }[];
}
export interface KernelNeighbour {
  dst: string;
  dev: string;
  lladdr?: string;
  state?: string[];
}
/** A rule of the agent's nftables tables with its counters. */
interface NftRule {
  table: string;
  chain: string;
  comment: string | null;
  verdict: 'accept' | 'drop' | 'reject' | null;
  packets: number;
  bytes: number;
}

/** The box as the agent read it last: what status snapshots, heartbeats and drift checks are made of. */
export interface Sample {
  at: number;
  links: KernelLink[];
  addrs: KernelAddr[];
  routes: KernelRoute[];
  rules: KernelRule[];
  neighbours: KernelNeighbour[];
  /** The agent's nftables rules; null when the host has no nftables. */
  nft: NftRule[] | null;
  dnsmasqConf: string | null;
  dnsmasqRunning: boolean;
  leases: Lease[];
  system: { cpu_pct: number; memory_pct: number; disk_pct: number; uptime_s: number };
  probes: Probe[];
  /** FRR's BGP speaker; undefined when bgpd does not run here, null when FRR could not be read. */
  bgp: BgpReading | null | undefined;
  /** strongSwan's security associations; null when charon does not run here or could not be read. */
  sas: SaReading[] | null;
  /** The time zone, the agent's NTP sources file and chrony's tracking. */
  clock: ClockReading;
}

const json = <T>(text: string): T[] => (text.trim() ? (JSON.parse(text) as T[]) : []);

/** Each link's speed, as its driver reports it in sysfs (-1 or unreadable: unknown). */
async function withSpeeds(links: KernelLink[]): Promise<KernelLink[]> {
  return Promise.all(
    links.map(async (l) => {
      const speed = Number((await readFile(`/sys/class/net/${l.ifname}/speed`, 'utf8').catch(() => '')).trim());
      return Number.isInteger(speed) && speed > 0 ? { ...l, speed } : l;
    }),
  );
}
const ipJson = async <T>(args: string[]) => {
  const ran = await run('ip', ['-json', ...args]);
  return ran.code === 0 ? json<T>(ran.stdout) : [];
};

interface NftJsonRule {
  rule?: { table: string; chain: string; comment?: string; expr: Record<string, unknown>[] };
}

async function nftRules(table: string): Promise<NftRule[]> {
  const [family, name] = table.split(' ') as [string, string];
  const ran = await run('nft', ['-j', 'list', 'table', family, name]);
  if (ran.code !== 0) return []; // the table is not there (removed by hand, or never written)
  const items = (JSON.parse(ran.stdout) as { nftables: NftJsonRule[] }).nftables;
  return items.flatMap(({ rule }) => {
    if (!rule) return [];
    const counter = rule.expr.find((e) => 'counter' in e)?.counter as { packets: number; bytes: number } | undefined;
    const verdict = (['accept', 'drop', 'reject'] as const).find((v) => rule.expr.some((e) => v in e)) ?? null;
    return [{ table, chain: rule.chain, comment: rule.comment ?? null, verdict, packets: counter?.packets ?? 0, bytes: counter?.bytes ?? 0 }];
  });
}

async function system(): Promise<Sample['system']> {
  const [load, mem, disks] = await Promise.all([si.currentLoad(), si.mem(), si.fsSize().catch(() => [])]);
  const root = disks.find((d) => d.mount === '/') ?? disks[0];
  const pct = (n: number) => Math.min(100, Math.max(0, Math.round(n * 10) / 10));
  return {
    cpu_pct: pct(load.currentLoad),
    memory_pct: pct(mem.total ? (mem.active / mem.total) * 100 : 0),
    disk_pct: pct(root?.use ?? 0),
    uptime_s: Math.floor(os.uptime()),
  };
}

/** Reads the box: the kernel's links, addresses, routes, rules and neighbours, the agent's nftables tables and dnsmasq, the system's load, the WANs' probes, the clock. */
export async function sampleHost(
  dnsmasq: Dnsmasq,
  doc: ConfigDocument | null,
  nftables: boolean,
  frr: Frr | null,
  strongswan: Strongswan | null,
  clock: Clock,
): Promise<Sample> {
  const [links, addrs, routes, rules, neighbours, filter, nat, dnsmasqConf, pid, leases, sys, probes, bgp, sas, time] = await Promise.all([
    ipJson<KernelLink>(['-s', 'link']).then(withSpeeds),
    ipJson<KernelAddr>(['addr']),
    listRoutes(),
    listRules(),
    ipJson<KernelNeighbour>(['neigh']),
    nftables ? nftRules(FILTER_TABLE) : Promise.resolve(null),
    nftables ? nftRules(NAT_TABLE) : Promise.resolve(null),
    dnsmasq.currentConf(),
    dnsmasq.pid(),
    dnsmasq.leases(),
    system(),
    probeWans(doc),
    frr ? frr.read() : Promise.resolve(undefined),
    strongswan ? strongswan.read() : Promise.resolve(null),
    clock.read(),
  ]);
  return {
    at: Date.now(),
    links,
    addrs,
    routes,
    rules,
    neighbours,
    nft: filter && nat ? [...filter, ...nat] : null,
    dnsmasqConf,
    dnsmasqRunning: pid !== null,
    leases,
    system: sys,
    probes,
    bgp,
    sas,
    clock: time,
  };
}
