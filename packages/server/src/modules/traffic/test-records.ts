import type { FlowRecord } from '@netloom/domain';

/** A flow record for tests: a LAN client talking to a server on the internet over WAN1. */
export function flowRecord(over: Partial<FlowRecord> = {}, at = new Date()): FlowRecord {
  const start = new Date(at.getTime() - 30_000);
  return {
    start: start.toISOString(),
    end: at.toISOString(),
    src_ip: '192.168.1.20',
    src_port: 51234,
    dst_ip: '3.208.10.10',
    dst_port: 443,
    protocol: 6,
    src_bytes: 1_000,
    src_packets: 10,
    dst_bytes: 9_000,
    dst_packets: 12,
    in_ifname: 'br-lan',
    out_ifname: 'eth0',
    wan: 'WAN1',
    dscp: 0,
    ...over,
  };
}
