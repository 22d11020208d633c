import type { DnsQueryRecord, FlowRecord } from '@netloom/domain';
import { fixedShare, pick, poisson, randomInt, type Random } from './prng';

/** A name a flow reached by: a host name with a dot (a DPI label such as 'Zoom' was never asked of a resolver). */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
/** Queries a resolver keeps before the oldest are let go: a log of a busy box's last minutes, not a leak. */
const PENDING_MAX = 20_000;
/** Background lookups (reverse lookups, WPAD, search-suffix misses) per client per hour. */
const BACKGROUND_PER_HOUR = 6;

/** What a client asks besides the names of the sites it reaches: the everyday misses and reverse lookups of an office LAN. */
const BACKGROUND: readonly ((client: string, localDomain: string, random: Random) => Omit<DnsQueryRecord, 'at' | 'client_ip'>)[] = [
  // Windows looks for a proxy auto-configuration host; no office has one any more.
  (_c, d) => ({ name: `wpad.${d}`, qtype: 'A', rcode: 'NXDOMAIN' }),
  // A name typed without its domain tried with the search suffix first.
  (_c, d, r) => ({ name: `${pick(r, ['fileserver', 'intranet', 'printer', 'nas', 'timesheet'])}.${d}`, qtype: 'A', rcode: 'NXDOMAIN' }),
  // A domain-joined laptop looking for its domain controller away from the office.
  (_c, d) => ({ name: `_ldap._tcp.dc._msdcs.${d}`, qtype: 'SRV', rcode: 'NXDOMAIN' }),
  // Reverse lookups of the neighbours it sees (file sharing, printing).
  (c, d, r) => {
    const parts = c.split('.');
    const peer = [parts[0], parts[1], parts[2], String(randomInt(r, 2, 60))];
    return { name: `${[...peer].reverse().join('.')}.in-addr.arpa`, qtype: 'PTR', rcode: 'NOERROR', answers: [`host-${peer[3]}.${d}`] };
  },
  // Time and connectivity checks.
  () => ({ name: 'time.windows.com', qtype: 'A', rcode: 'NOERROR', answers: ['20.101.57.9'] }),
  () => ({ name: 'pool.ntp.org', qtype: 'A', rcode: 'NOERROR', answers: ['162.159.200.123', '194.58.204.20'] }),
];

export interface DnsLogOptions {
  /** The search domain the LAN's resolver hands out ('lan', 'acme.local'). */
  localDomain: string;
  random: Random;
}

/**
 * A resolver's query log (dnsmasq's on a gateway, the system resolver's on an endpoint), kept
 * consistent with the flows: every connection to a named site is preceded by its lookup, unless
 * the client still has the answer cached (the record's TTL). A flow's addresses are the answers.
 * Besides those, each client now and then asks what offices ask (WPAD, search-suffix misses,
 * reverse lookups): a few NXDOMAINs an hour, as real logs have.
 */
export class DnsLog {
  /** 'client|name' → when its cached answer expires (ms). */
  private readonly cache = new Map<string, number>();
  private pending: DnsQueryRecord[] = [];

  constructor(private readonly opts: DnsLogOptions) {}

  /** The lookups behind these flows (which began within the interval), and the clients' background queries of the interval before `at`. */
  sawFlows(flows: readonly FlowRecord[], at: Date, intervalS: number): void {
    const { random } = this.opts;
    const clients = new Set<string>();
    for (const f of flows) {
      clients.add(f.src_ip);
      const name = f.application?.toLowerCase();
      if (!name || !HOST_NAME.test(name)) continue;
      const startMs = Date.parse(f.start);
      const key = `${f.src_ip}|${name}`;
      if ((this.cache.get(key) ?? 0) > startMs) continue;
      // Each name has its TTL: five minutes for most, an hour for some, a minute for CDNs that steer by it.
      const ttlS = [60, 300, 300, 300, 3600][Math.floor(fixedShare(name, 'ttl') * 5)]!;
      this.cache.set(key, startMs + ttlS * 1000);
      const askedMs = startMs - randomInt(random, 2, 80);
      this.add({ at: new Date(askedMs).toISOString(), client_ip: f.src_ip, name, qtype: 'A', answers: [f.dst_ip], rcode: 'NOERROR' });
      // Browsers ask for the HTTPS record too, and dual-stack clients for AAAA (these offices have no IPv6: empty answers).
      if (f.dst_port === 443 && fixedShare(f.src_ip, 'browser https rr') < 0.6) {
        this.add({ at: new Date(askedMs).toISOString(), client_ip: f.src_ip, name, qtype: 'HTTPS', answers: [], rcode: 'NOERROR' });
      }
      if (fixedShare(f.src_ip, 'dual stack') < 0.5)
        this.add({ at: new Date(askedMs + 1).toISOString(), client_ip: f.src_ip, name, qtype: 'AAAA', answers: [], rcode: 'NOERROR' });
    }
    const endMs = at.getTime();
    const fromMs = endMs - intervalS * 1000;
    for (const client of clients) {
      const n = poisson((BACKGROUND_PER_HOUR * intervalS) / 3600, random);
      for (let i = 0; i < n; i++) {
        const q = pick(random, BACKGROUND)(client, this.opts.localDomain, random);
        this.add({ at: new Date(fromMs + Math.floor(random() * (endMs - fromMs))).toISOString(), client_ip: client, ...q });
      }
    }
    for (const [key, expires] of this.cache) if (expires < fromMs) this.cache.delete(key);
  }

  /** Queries asked some other way than before a flow (a scenario's tunnel, a device's own lookups). */
  add(query: DnsQueryRecord): void {
    this.pending.push(query);
    if (this.pending.length > PENDING_MAX) this.pending.splice(0, this.pending.length - PENDING_MAX);
  }

  /** What was logged since the last call, oldest first. */
  drain(): DnsQueryRecord[] {
    const out = this.pending.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    this.pending = [];
    return out;
  }
}
