import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ConfigDocument, FlowRecord } from '@netloom/domain';
import { ipv4ToNumber, FLOW_MAX_SPAN_S } from '@netloom/domain';
import { must, run } from './exec';

/** One connection as conntrack lists it: its two directions' addresses, ports and counters. */
export interface Conn {
  id: string;
  protocol: number;
  orig: { src: string; dst: string; sport: number; dport: number; packets: number; bytes: number };
  reply: { src: string; dst: string; sport: number; dport: number; packets: number; bytes: number };
}

const PROTOCOLS: Record<string, number> = { icmp: 1, tcp: 6, udp: 17 };

/**
 * A line of `conntrack -L -o extended,id` (or of its event stream): 'ipv4 2 tcp 6 431999 ESTABLISHED
 * src=… dst=… sport=… dport=… packets=… bytes=… src=… dst=… … id=…'. Null for another family or a
 * line it cannot read. The first src= starts the original direction, the second the reply.
 */
export function parseConntrack(line: string): Conn | null {
  const words = line
    .trim()
    .replace(/^\[\w+\]\s*/, '')
    .split(/\s+/);
  if (words[0] !== 'ipv4') return null;
  const protocol = Number(words[3]);
  if (!Number.isInteger(protocol)) return null;
  const dirs: Record<string, string>[] = [];
  let id = '';
  for (const w of words) {
    const [k, v] = w.split('=');
    if (v === undefined) continue;
    if (k === 'id') id = v;
    else if (k === 'src') dirs.push({ src: v });
    else if (dirs.length) dirs[dirs.length - 1]![k!] ??= v;
  }
  if (dirs.length < 2 || !id) return null;
  const dir = (d: Record<string, string>) => ({
    src: d.src!,
    dst: d.dst ?? '',
    sport: Number(d.sport ?? 0),
    dport: Number(d.dport ?? 0),
    packets: Number(d.packets ?? 0),
    bytes: Number(d.bytes ?? 0),
  });
  return { id, protocol: PROTOCOLS[words[2]!] ?? protocol, orig: dir(dirs[0]!), reply: dir(dirs[1]!) };
}

interface Counted {
  firstSeenMs: number;
  src: { packets: number; bytes: number };
  dst: { packets: number; bytes: number };
}

const inSubnet = (ip: string, net: string, prefix: number) => {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (ipv4ToNumber(ip) & mask) >>> 0 === (ipv4ToNumber(net) & mask) >>> 0;
};

/**
 * The box's connections as flow records: conntrack's counters read at every sweep (and at each
 * connection's end, from its event stream, so a short one is not missed), each record holding
 * what moved since the one before. Interfaces are the document's: the LAN a source lives on, the
 * WAN whose address the reply comes back to (NAT) or whose subnet the far end is on.
 */
export class FlowAccounting {
  /** Counters already reported, by connection id. */
  private readonly reported = new Map<string, Counted>();
  /** What moved since the last sweep, by connection id. */
  private readonly pending = new Map<string, { conn: Conn; counted: Counted }>();
  private events: ChildProcess | null = null;

  constructor(
    /** The agent's own management connection: not the network's traffic. */
    private readonly ignore: (conn: Conn) => boolean,
  ) {}

  /** Counting on (nf_conntrack_acct), tracking on in this namespace (a table of the agent's own with a conntrack rule), and the end-of-connection events. */
  async start(): Promise<void> {
    await run('sysctl', ['-q', '-w', 'net.netfilter.nf_conntrack_acct=1']);
    await must(
      'nft',
      ['-f', '-'],
      'table inet netloom_acct\ndelete table inet netloom_acct\ntable inet netloom_acct {\n  chain track {\n    type filter hook prerouting priority raw; policy accept;\n    ct state new counter\n  }\n  chain track_out {\n    type filter hook output priority raw; policy accept;\n    ct state new counter\n  }\n}\n',
    );
    this.events = spawn('conntrack', ['-E', '-e', 'DESTROY', '-o', 'extended,id'], { stdio: ['ignore', 'pipe', 'ignore'] });
    this.events.on('error', () => undefined);
    createInterface({ input: this.events.stdout! }).on('line', (line) => {
      const conn = parseConntrack(line);
      if (conn) this.count(conn, true);
    });
  }

  stop(): void {
    this.events?.kill();
  }

  /** Reads every connection's counters now. */
  async sweep(): Promise<void> {
    const ran = await run('conntrack', ['-L', '-o', 'extended,id']);
    for (const line of ran.stdout.split('\n')) {
      const conn = parseConntrack(line);
      if (conn) this.count(conn, false);
    }
  }

  private count(conn: Conn, ended: boolean): void {
    if (this.ignore(conn)) return;
    const before = this.reported.get(conn.id) ?? { firstSeenMs: Date.now(), src: { packets: 0, bytes: 0 }, dst: { packets: 0, bytes: 0 } };
    const now: Counted = {
      firstSeenMs: before.firstSeenMs,
      src: { packets: conn.orig.packets, bytes: conn.orig.bytes },
      dst: { packets: conn.reply.packets, bytes: conn.reply.bytes },
    };
    const moved: Counted = {
      firstSeenMs: before.firstSeenMs,
      src: { packets: Math.max(0, now.src.packets - before.src.packets), bytes: Math.max(0, now.src.bytes - before.src.bytes) },
      dst: { packets: Math.max(0, now.dst.packets - before.dst.packets), bytes: Math.max(0, now.dst.bytes - before.dst.bytes) },
    };
    if (ended) this.reported.delete(conn.id);
    else this.reported.set(conn.id, now);
    if (moved.src.packets + moved.dst.packets === 0) return;
    const waiting = this.pending.get(conn.id);
    if (waiting) {
      waiting.counted.src.packets += moved.src.packets;
      waiting.counted.src.bytes += moved.src.bytes;
      waiting.counted.dst.packets += moved.dst.packets;
      waiting.counted.dst.bytes += moved.dst.bytes;
    } else this.pending.set(conn.id, { conn, counted: moved });
  }

  /** The records of what moved since the last call, ending at `at` and starting no earlier than `intervalS` before it. */
  take(at: Date, intervalS: number, doc: ConfigDocument | null): FlowRecord[] {
    const lans = doc?.interfaces?.lan ?? [];
    const wans = doc?.interfaces?.wan ?? [];
    const lanOf = (ip: string) => lans.find((l) => inSubnet(ip, l.ip, l.prefix))?.name;
    const wanOf = (conn: Conn) =>
      wans.find((w) => w.ip === conn.reply.dst) ??
      wans.find((w) => w.ip && w.prefix && (inSubnet(conn.orig.dst, w.ip, w.prefix) || inSubnet(conn.orig.src, w.ip, w.prefix)));
    const earliest = at.getTime() - Math.min(intervalS, FLOW_MAX_SPAN_S) * 1000;
    const records = [...this.pending.values()].map(({ conn, counted }): FlowRecord => {
      const wan = wanOf(conn);
      return {
        start: new Date(Math.min(at.getTime(), Math.max(earliest, counted.firstSeenMs))).toISOString(),
        end: at.toISOString(),
        src_ip: conn.orig.src,
        src_port: conn.orig.sport,
        dst_ip: conn.orig.dst,
        dst_port: conn.orig.dport,
        protocol: conn.protocol,
        src_bytes: counted.src.bytes,
        src_packets: counted.src.packets,
        dst_bytes: counted.dst.bytes,
        dst_packets: counted.dst.packets,
        in_ifname: lanOf(conn.orig.src) ?? wan?.name ?? '',
        out_ifname: wan?.name ?? lanOf(conn.orig.dst) ?? '',
        wan: wan?.name ?? null,
        dscp: 0,
      };
    });
    this.pending.clear();
    return records;
  }
}
