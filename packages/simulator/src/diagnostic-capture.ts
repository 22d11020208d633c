import { filterMatches, parseCaptureFilter, type CaptureParams } from '@netloom/domain';
import type { DiagnosticPlan, GatewayView, TimedLine } from './diagnostic-plan';
import { capturedBytes, pcapFile, TCP_FLAGS, type SimPacket } from './pcap';
import { ipToNumber, numberToIp } from './router-model';
import { randomInt, type Random } from './prng';

/** Packets a branch office's interface sees per second, of which the filter keeps some. */
const PACKETS_PER_SECOND = 25;
/** Packets printed as they are captured; the rest are only in the file (the output has a limit). */
const PRINTED = 200;
const SITES = ['93.184.216.34', '142.250.74.46', '151.101.1.69', '104.16.132.229', '20.112.52.29'];
const RESOLVERS = ['8.8.8.8', '1.1.1.1'];

/** One packet of the office's traffic: a DNS question or answer, an HTTPS segment either way, or an echo request. */
function nextPacket(random: Random, atMs: number, hosts: readonly string[]): SimPacket {
  const host = hosts[randomInt(random, 0, hosts.length - 1)]!;
  const port = randomInt(random, 32_768, 60_999);
  const roll = random();
  if (roll < 0.15)
    return { atMs, proto: 'udp', src: host, dst: RESOLVERS[randomInt(random, 0, 1)]!, sport: port, dport: 53, payloadBytes: randomInt(random, 28, 60) };
  if (roll < 0.25)
    return { atMs, proto: 'udp', src: RESOLVERS[randomInt(random, 0, 1)]!, dst: host, sport: 53, dport: port, payloadBytes: randomInt(random, 44, 200) };
  if (roll < 0.3) return { atMs, proto: 'icmp', src: host, dst: SITES[randomInt(random, 0, SITES.length - 1)]!, payloadBytes: 56 };
  const site = SITES[randomInt(random, 0, SITES.length - 1)]!;
  const out = roll < 0.55;
  const payloadBytes = out ? randomInt(random, 0, 600) : randomInt(random, 200, 1_400);
  const flags = payloadBytes === 0 ? TCP_FLAGS.ack : TCP_FLAGS.psh | TCP_FLAGS.ack;
  return out
    ? { atMs, proto: 'tcp', src: host, dst: site, sport: port, dport: 443, payloadBytes, flags }
    : { atMs, proto: 'tcp', src: site, dst: host, sport: 443, dport: port, payloadBytes, flags };
}

const clock = (ms: number) => {
  const d = new Date(ms);
  return `${d.toISOString().slice(11, 19)}.${String(Math.floor((ms % 1000) * 1000)).padStart(6, '0')}`;
};

/** A packet as tcpdump prints it. */
function packetLine(p: SimPacket): string {
  if (p.proto === 'icmp') return `${clock(p.atMs)} IP ${p.src} > ${p.dst}: ICMP echo request, id 1, seq 1, length ${8 + p.payloadBytes}`;
  const ends = `${p.src}.${p.sport} > ${p.dst}.${p.dport}`;
  if (p.proto === 'udp') return `${clock(p.atMs)} IP ${ends}: UDP, length ${p.payloadBytes}`;
  return `${clock(p.atMs)} IP ${ends}: Flags [${p.flags === TCP_FLAGS.ack ? '.' : 'P.'}], length ${p.payloadBytes}`;
}

/**
 * A packet capture on one interface: the office's traffic as it crosses it (a WAN sees it behind
 * its own address), kept by the filter, until the first of the packet, byte and time bounds.
 * The file holds the packets captured until the run ends, whenever it ends.
 */
export function capturePlan(view: GatewayView, p: CaptureParams, random: Random, startMs: number): DiagnosticPlan {
  const iface = view.interfaces.find((i) => i.name === p.interface) ?? view.links.find((l) => l.ifname === p.interface);
  const text = `tcpdump: ${p.interface}: No such device exists`;
  if (!iface) return { lines: [{ atMs: 0, text }], result: { ok: false, output: text }, stopped: () => [] };
  const parsed = parseCaptureFilter(p.filter);
  const filter = parsed.ok ? parsed.ast : null;
  const wan = view.links.find((l) => l.ifname === p.interface);
  const wanAddress = view.interfaces.find((i) => i.name === p.interface)?.address ?? numberToIp(ipToNumber('203.0.113.1') + (startMs % 200));
  const hosts = wan ? [wanAddress] : view.lanHosts.length ? view.lanHosts : ['192.168.1.10'];
  const quiet = wan !== undefined && !wan.up;

  const packets: SimPacket[] = [];
  let bytes = 0;
  let reason = `capture time of ${p.max_seconds} s reached`;
  for (let n = 0; !quiet && n < p.max_seconds * PACKETS_PER_SECOND; n++) {
    const packet = nextPacket(random, startMs + (n * 1000) / PACKETS_PER_SECOND + random() * 30, hosts);
    if (!filterMatches(filter, packet)) continue;
    if (bytes + capturedBytes(packet) > p.max_bytes) {
      reason = `capture size of ${p.max_bytes} bytes reached`;
      break;
    }
    packets.push(packet);
    bytes += capturedBytes(packet);
    if (packets.length >= p.max_packets) {
      reason = `capture count of ${p.max_packets} packets reached`;
      break;
    }
  }
  const last = packets[packets.length - 1];
  const endMs = reason.startsWith('capture time') || !last ? p.max_seconds * 1000 : last.atMs - startMs;
  const lines: TimedLine[] = [
    {
      atMs: 0,
      text: `tcpdump: listening on ${p.interface}, link-type EN10MB (Ethernet), snapshot length 262144 bytes${p.filter ? `, filter: ${p.filter}` : ''}`,
    },
    ...packets.slice(0, PRINTED).map((pk) => ({ atMs: pk.atMs - startMs, text: packetLine(pk) })),
  ];
  if (packets.length > PRINTED) lines.push({ atMs: packets[PRINTED]!.atMs - startMs, text: `(further packets are in the capture file only)` });
  lines.push({ atMs: endMs, text: `${packets.length} packets captured (${reason})` });
  const upTo = (elapsedMs: number) => packets.filter((pk) => pk.atMs - startMs <= elapsedMs);
  return {
    lines,
    result: { ok: true, output: `${packets.length} packets captured` },
    stopped: (elapsed) => [`${upTo(elapsed).length} packets captured (stopped)`],
    file: (elapsed) => {
      const kept = upTo(elapsed);
      return { bytes: pcapFile(kept), packets: kept.length };
    },
  };
}
