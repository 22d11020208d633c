import type { FilterPacket } from '@netloom/domain';

/**
 * A classic libpcap file (what `tcpdump -w` writes): a 24-byte global header, then per packet a
 * 16-byte record header and the frame. Microsecond timestamps, little-endian (the magic number
 * tells readers the byte order), link type 1: Ethernet.
 */
export const PCAP_MAGIC = 0xa1b2c3d4;
export const LINKTYPE_ETHERNET = 1;
const SNAPLEN = 262_144;

/** A simulated packet: who talks to whom, when, and how much payload it carries. */
export interface SimPacket extends FilterPacket {
  atMs: number;
  payloadBytes: number;
  /** TCP flags as tcpdump prints them ('S', 'P.', …); TCP only. */
  flags?: number;
}

const TCP_FLAGS = { fin: 0x01, syn: 0x02, psh: 0x08, ack: 0x10 } as const;
export { TCP_FLAGS };

const ipBytes = (ip: string) => ip.split('.').map(Number);

/** The Internet checksum (RFC 1071) over a header. */
function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 2) sum += (bytes[i]! << 8) + (bytes[i + 1] ?? 0);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

/** Ethernet II + IPv4 + TCP/UDP/ICMP headers, then zeroed payload. */
function frameOf(p: SimPacket): Uint8Array {
  const l4 = p.proto === 'tcp' ? 20 : 8;
  const ipLength = 20 + l4 + p.payloadBytes;
  const frame = new Uint8Array(14 + ipLength);
  const view = new DataView(frame.buffer);
  // Ethernet: locally administered MACs, EtherType IPv4.
  frame.set([0x02, 0, 0, 0, 0, 0x02, 0x02, 0, 0, 0, 0, 0x01], 0);
  view.setUint16(12, 0x0800);
  const ip = 14;
  frame[ip] = 0x45;
  view.setUint16(ip + 2, ipLength);
  view.setUint16(ip + 6, 0x4000); // don't fragment
  frame[ip + 8] = 64;
  frame[ip + 9] = p.proto === 'tcp' ? 6 : p.proto === 'udp' ? 17 : 1;
  frame.set(ipBytes(p.src), ip + 12);
  frame.set(ipBytes(p.dst), ip + 16);
  view.setUint16(ip + 10, checksum(frame.subarray(ip, ip + 20)));
  const t = ip + 20;
  if (p.proto === 'icmp') {
    frame[t] = 8; // echo request
    view.setUint16(t + 6, 1);
    view.setUint16(t + 2, checksum(frame.subarray(t, t + 8 + p.payloadBytes)));
  } else {
    view.setUint16(t, p.sport ?? 0);
    view.setUint16(t + 2, p.dport ?? 0);
    if (p.proto === 'udp') view.setUint16(t + 4, 8 + p.payloadBytes);
    else {
      frame[t + 12] = 0x50; // header length 20
      frame[t + 13] = p.flags ?? TCP_FLAGS.ack;
      view.setUint16(t + 14, 64_240);
    }
  }
  return frame;
}

/** The whole file of these packets. */
export function pcapFile(packets: readonly SimPacket[]): Uint8Array {
  const frames = packets.map(frameOf);
  const file = new Uint8Array(24 + frames.reduce((n, f) => n + 16 + f.length, 0));
  const view = new DataView(file.buffer);
  view.setUint32(0, PCAP_MAGIC, true);
  view.setUint16(4, 2, true);
  view.setUint16(6, 4, true);
  view.setUint32(16, SNAPLEN, true);
  view.setUint32(20, LINKTYPE_ETHERNET, true);
  let at = 24;
  packets.forEach((p, i) => {
    const frame = frames[i]!;
    view.setUint32(at, Math.floor(p.atMs / 1000), true);
    view.setUint32(at + 4, Math.floor((p.atMs % 1000) * 1000), true);
    view.setUint32(at + 8, frame.length, true);
    view.setUint32(at + 12, frame.length, true);
    file.set(frame, at + 16);
    at += 16 + frame.length;
  });
  return file;
}

/** The bytes a capture counts of a packet: its frame and its record header. */
export const capturedBytes = (p: SimPacket) => 16 + 14 + 20 + (p.proto === 'tcp' ? 20 : 8) + p.payloadBytes;
