import { isIPv4, type DiagnosticParams, type DnsParams, type PingParams, type ThroughputParams, type TracerouteParams } from '@netloom/domain';
import type { LinkKind, LinkState } from './links';
import { cidrContains, ipToNumber, numberToIp, type RouterRoute } from './router-model';
import { mulberry32, noise, randomBetween, seedFrom, type Random } from './prng';
import { capturePlan } from './diagnostic-capture';
import type { DiagnosticContext, DiagnosticPlan, GatewayView, TimedLine } from './diagnostic-plan';

export type { DiagnosticContext, DiagnosticPlan, GatewayView } from './diagnostic-plan';

/** The usable rate of a line, by its kind (Mbps, down and up alike for these lines). */
export const LINK_CAPACITY_MBPS: Record<LinkKind, number> = { fibre: 500, broadband: 150, lte: 40, mpls: 60 };
const LAN_RTT_MS = 0.4;

const failed = (text: string): DiagnosticPlan => ({ lines: [{ atMs: 0, text }], result: { ok: false, output: text }, stopped: () => [] });

/** A name's address, the same every time (the simulated internet's DNS). */
const addressOf = (name: string): string => numberToIp((ipToNumber('93.184.0.0') + (seedFrom('a', name.toLowerCase()) % 65_000) + 1) >>> 0);
const resolve = (host: string) => (isIPv4(host) ? host : addressOf(host));

const PRIVATE = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'];

/** The route a packet to `ip` takes: the longest prefix that holds it, the lowest metric among equals. */
function routeTo(view: GatewayView, ip: string, via?: string): RouterRoute | undefined {
  const prefix = (r: RouterRoute) => Number(r.destination.split('/')[1]);
  return view.routes
    .filter((r) => (!via || r.interface === via) && cidrContains(r.destination, ip))
    .filter((r) => view.links.find((l) => l.ifname === r.interface)?.up !== false)
    .sort((a, b) => prefix(b) - prefix(a) || a.metric - b.metric)[0];
}

/** How a path to `ip` behaves: the link it leaves by (null: a LAN), and whether anything answers there. */
interface Path {
  link: LinkState | null;
  reachable: boolean;
  hops: number;
}

function pathTo(view: GatewayView, ip: string, via?: string): Path | string {
  if (via && !view.interfaces.some((i) => i.name === via) && !view.links.some((l) => l.ifname === via)) return `${via}: no such interface on this gateway`;
  const route = routeTo(view, ip, via);
  if (!route) return 'connect: Network is unreachable';
  const link = view.links.find((l) => l.ifname === route.interface) ?? null;
  if (!link) return { link: null, reachable: view.lanHosts.includes(ip) || view.interfaces.some((i) => i.address === ip), hops: 1 };
  // A private address beyond the WAN is no one's on the internet: the provider drops it after its edge.
  const reachable = !PRIVATE.some((c) => cidrContains(c, ip)) || route.origin === 'static';
  return { link, reachable, hops: 4 + (seedFrom('hops', ip) % 7) };
}

const sourceOf = (view: GatewayView, path: Path, via?: string) =>
  view.interfaces.find((i) => i.name === (via ?? path.link?.ifname))?.address ?? view.interfaces.find((i) => i.address)?.address ?? '0.0.0.0';

const lossOf = (link: LinkState | null) => (link ? { fibre: 0, broadband: 0.005, lte: 0.02, mpls: 0 }[link.kind] : 0);
const rttOf = (link: LinkState | null, random: Random) =>
  Math.max(0.1, (link ? link.baseLatencyMs : LAN_RTT_MS) + noise(random, link ? link.baseLatencyMs * 0.08 : 0.05));
const ms = (v: number) => v.toFixed(v < 10 ? 3 : 1);

function ping(view: GatewayView, p: PingParams, random: Random): DiagnosticPlan {
  const ip = resolve(p.host);
  const path = pathTo(view, ip, p.source_interface);
  if (typeof path === 'string') return failed(`ping: ${path}`);
  const head = `PING ${p.host} (${ip}) from ${sourceOf(view, path, p.source_interface)} ${p.source_interface ?? path.link?.ifname ?? 'lan'}: ${p.size}(${p.size + 28}) bytes of data.`;
  const replies: (number | null)[] = [];
  const lines: TimedLine[] = [{ atMs: 0, text: head }];
  for (let seq = 1; seq <= p.count; seq++) {
    const rtt = path.reachable && random() >= lossOf(path.link) ? rttOf(path.link, random) : null;
    replies.push(rtt);
    const at = (seq - 1) * p.interval_s * 1000 + (rtt ?? 1000);
    lines.push({
      atMs: at,
      text:
        rtt === null ? `Request timeout for icmp_seq ${seq}` : `${p.size + 8} bytes from ${ip}: icmp_seq=${seq} ttl=${64 - (path.hops - 1)} time=${ms(rtt)} ms`,
    });
  }
  const summary = (sent: (number | null)[]) => {
    const got = sent.filter((r): r is number => r !== null);
    const loss = sent.length ? Math.round((100 * (sent.length - got.length)) / sent.length) : 0;
    const out = [`--- ${p.host} ping statistics ---`, `${sent.length} packets transmitted, ${got.length} received, ${loss}% packet loss`];
    if (got.length) {
      const avg = got.reduce((a, b) => a + b, 0) / got.length;
      const mdev = Math.sqrt(got.reduce((a, b) => a + (b - avg) ** 2, 0) / got.length);
      out.push(`rtt min/avg/max/mdev = ${[Math.min(...got), avg, Math.max(...got), mdev].map((v) => v.toFixed(3)).join('/')} ms`);
    }
    return { out, ok: got.length > 0 };
  };
  const done = summary(replies);
  const end = lines[lines.length - 1]!.atMs;
  lines.push(...done.out.map((text) => ({ atMs: end, text })));
  return {
    lines,
    result: { ok: done.ok, output: done.out[1]! },
    stopped: (elapsed) => summary(replies.filter((_, i) => lines[i + 1]!.atMs <= elapsed)).out,
  };
}

/** The routers on the way out of a WAN link: its provider's, then the internet's, each a little further. */
const hopAddress = (serial: string, link: LinkState, n: number) =>
  n === 1
    ? numberToIp(ipToNumber('100.64.0.1') + (seedFrom(serial, link.ifname) % 4096) * 256)
    : numberToIp(ipToNumber('198.51.100.0') + (seedFrom(serial, link.ifname, n) % 250) + 1);

function traceroute(view: GatewayView, p: TracerouteParams, random: Random): DiagnosticPlan {
  const ip = resolve(p.host);
  const path = pathTo(view, ip, p.source_interface);
  if (typeof path === 'string') return failed(`traceroute: ${path}`);
  const lines: TimedLine[] = [{ atMs: 0, text: `traceroute to ${p.host} (${ip}), ${p.max_hops} hops max, 60 byte packets` }];
  let at = 0;
  const base = path.link?.baseLatencyMs ?? LAN_RTT_MS;
  const known = path.reachable ? path.hops : Math.min(path.hops, 2);
  for (let n = 1; n <= p.max_hops; n++) {
    const last = path.reachable && n === known;
    if (n > known) {
      // Nothing answers past the provider's edge: three probes time out per hop.
      at += 300;
      lines.push({ atMs: at, text: `${String(n).padStart(2)}  * * *` });
      continue;
    }
    const addr = last ? ip : path.link ? hopAddress(view.serial, path.link, n) : ip;
    const rtts = [0, 1, 2].map(() => ms(Math.max(0.1, (base * n) / known + noise(random, 0.3))));
    at += 60 + ((base * n) / known) * 3;
    lines.push({ atMs: at, text: `${String(n).padStart(2)}  ${addr} (${addr})  ${rtts.join(' ms  ')} ms` });
    if (last || !path.link) break;
  }
  const reached = path.reachable;
  return { lines, result: { ok: reached, output: reached ? `reached ${ip}` : `no answer from ${ip} within ${p.max_hops} hops` }, stopped: () => [] };
}

/** The records of the simulated internet: the same answers for the same name every time. */
function dnsAnswers(p: Pick<DnsParams, 'name' | 'record_type'>): string[] {
  const name = p.name.toLowerCase();
  const domain = name.split('.').slice(-2).join('.');
  const h = seedFrom('dns', name);
  switch (p.record_type) {
    case 'A':
      return [addressOf(name), numberToIp((ipToNumber(addressOf(name)) + 1) >>> 0)];
    case 'AAAA':
      return [`2001:db8:${(h % 0xffff).toString(16)}::${((h >>> 16) % 0xfff).toString(16)}`];
    case 'CNAME':
      return name === domain ? [] : [`${domain}.cdn.example.net.`];
    case 'MX':
      return [`10 mail.${domain}.`, `20 mail2.${domain}.`];
    case 'TXT':
      return [`"v=spf1 include:_spf.${domain} ~all"`];
    case 'NS':
      return [`ns1.${domain}.`, `ns2.${domain}.`];
    case 'PTR':
      return [`host-${name.replace(/\./g, '-')}.example.net.`];
    case 'SOA':
      return [`ns1.${domain}. hostmaster.${domain}. ${2026010100 + (h % 99)} 7200 3600 1209600 300`];
  }
}

function dns(view: GatewayView, p: DnsParams, random: Random): DiagnosticPlan {
  const server = p.resolver ?? '127.0.0.53';
  const up = view.links.some((l) => l.up);
  if (!up || (p.resolver && !routeTo(view, p.resolver))) return failed(';; communications error: connection timed out; no servers could be reached');
  const qname = p.record_type === 'PTR' ? `${p.name.split('.').reverse().join('.')}.in-addr.arpa.` : `${p.name}.`;
  const nx = p.name.endsWith('.invalid');
  const answers = nx ? [] : dnsAnswers(p);
  const time = Math.round(rttOf(view.links.find((l) => l.up) ?? null, random));
  const lines = [
    `; <<>> DiG 9.18 <<>> ${p.resolver ? `@${p.resolver} ` : ''}${p.name} ${p.record_type}`,
    `;; ->>HEADER<<- opcode: QUERY, status: ${nx ? 'NXDOMAIN' : 'NOERROR'}, answers: ${answers.length}`,
    ';; QUESTION SECTION:',
    `;${qname}\t\tIN\t${p.record_type}`,
    ...(answers.length ? ['', ';; ANSWER SECTION:', ...answers.map((a) => `${qname}\t300\tIN\t${p.record_type}\t${a}`)] : []),
    '',
    `;; Query time: ${time} msec`,
    `;; SERVER: ${server}#53(${server}) (UDP)`,
  ];
  return {
    lines: lines.map((text) => ({ atMs: time, text })),
    result: { ok: !nx, output: nx ? 'NXDOMAIN' : `${answers.length} answer(s)` },
    stopped: () => [],
  };
}

/** The job's `peer` as the server sent it: a name and an address (null: none known). */
const isPeer = (v: unknown): v is { name: string; address: string | null } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { name?: unknown }).name === 'string' &&
  ['string', 'object'].includes(typeof (v as { address?: unknown }).address);

function throughput(view: GatewayView, p: ThroughputParams, context: DiagnosticContext, random: Random): DiagnosticPlan {
  const peer = isPeer(context.peer) ? context.peer : null;
  if (!peer?.address) return failed(`iperf3: the other gateway has no ${p.path === 'overlay' ? 'overlay (VPN)' : 'WAN'} address known yet`);
  const up = view.links.filter((l) => l.up);
  if (up.length === 0) return failed('iperf3: error - unable to connect to server: Network is unreachable');
  // The overlay runs over the best line; a WAN test over the first one up.
  const own = p.path === 'overlay' ? Math.max(...up.map((l) => LINK_CAPACITY_MBPS[l.kind])) : LINK_CAPACITY_MBPS[up[0]!.kind];
  const theirs = context.peerCapacityMbps(peer.address) ?? 100;
  // Tunnel headers and encryption take their share on the overlay.
  const ceiling = Math.min(own, theirs) * (p.path === 'overlay' ? 0.9 : 0.96);
  const lines: TimedLine[] = [{ atMs: 0, text: `Connecting to host ${peer.address} (${peer.name}), port 5201` }];
  const rates: number[] = [];
  for (let s = 0; s < p.duration_s; s++) {
    const rate = Math.max(0.1, ceiling * randomBetween(random, 0.88, 1));
    rates.push(rate);
    lines.push({
      atMs: (s + 1) * 1000,
      text: `[  5] ${`${s}.00-${s + 1}.00`.padEnd(12)} sec  ${((rate * 1e6) / 8 / 2 ** 20).toFixed(1).padStart(6)} MBytes  ${rate.toFixed(1).padStart(6)} Mbits/sec`,
    });
  }
  const total = (n: number) => {
    const mean = rates.slice(0, n).reduce((a, b) => a + b, 0) / Math.max(1, n);
    return `[  5] ${`0.00-${n}.00`.padEnd(12)} sec  ${((mean * n * 1e6) / 8 / 2 ** 20).toFixed(1).padStart(6)} MBytes  ${mean.toFixed(1).padStart(6)} Mbits/sec  sender`;
  };
  const end = p.duration_s * 1000;
  lines.push({ atMs: end, text: '- - - - - - - - - - - - - - - - - - - - - - - - -' }, { atMs: end, text: total(p.duration_s) });
  return {
    lines,
    result: { ok: true, output: `${(rates.reduce((a, b) => a + b, 0) / rates.length).toFixed(1)} Mbits/sec to ${peer.name}` },
    stopped: (elapsed) => [total(Math.floor(elapsed / 1000))],
  };
}

/** What the gateway does for a diagnostic, from what it is now; the same job id plays out the same. */
export function diagnosticPlan(view: GatewayView, params: DiagnosticParams, jobId: string, startMs: number, context: DiagnosticContext): DiagnosticPlan {
  const random = mulberry32(seedFrom(view.serial, jobId));
  switch (params.kind) {
    case 'ping':
      return ping(view, params, random);
    case 'traceroute':
      return traceroute(view, params, random);
    case 'dns':
      return dns(view, params, random);
    case 'capture':
      return capturePlan(view, params, random, startMs);
    case 'throughput':
      return throughput(view, params, context, random);
  }
}
