import { FLOW_MAX_SPAN_S, type FlowRecord } from '@netloom/domain';
import type { FieldValues } from './data-set';
import { IE, REVERSE_PEN } from './information-elements';
import type { ExportHeader } from './sets';
import { ipv4, ipv6, ntpMilliseconds, unsigned } from './values';

/** When the record's clock is relative to: the datagram's header, and the exporter's boot time when an options record told it (IPFIX). */
export interface RecordClock {
  header: ExportHeader;
  bootMs: number | null;
}

/** Why a record was not turned into a flow: counted by the collector. */
export type Unusable = 'no_addresses' | 'no_time';

const isDateTime = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= 8.64e15;

/** An interface as the exporter numbers it (SNMP ifIndex); 0 is "unknown" there, as it is for softflowd. */
const interfaceName = (index: number | undefined) => (index ? `ifIndex ${index}` : '');

/**
 * A data record as the product's flow record: one direction's bytes and packets (the reverse
 * direction's too when the exporter is bidirectional, RFC 5103), addresses, ports, protocol,
 * interfaces, DSCP and times made absolute. A record longer than the store's span (a router's
 * 30-minute active timeout) keeps its bytes and its end, and starts FLOW_MAX_SPAN_S before it.
 */
export function toFlowRecord(values: FieldValues, clock: RecordClock): FlowRecord | Unusable {
  const n = new Map<number, number>();
  const reverse = new Map<number, number>();
  let src: string | null = null;
  let dst: string | null = null;
  let startMs: number | null = null;
  let endMs: number | null = null;
  let startUptime: number | null = null;
  let endUptime: number | null = null;
  const exportMs = clock.header.exportSeconds * 1000;
  for (const { field, bytes } of values) {
    if (field.enterprise === REVERSE_PEN) {
      if (field.id === IE.octetDeltaCount || field.id === IE.packetDeltaCount) reverse.set(field.id, unsigned(bytes));
      continue;
    }
    if (field.enterprise !== 0) continue;
    switch (field.id) {
      case IE.sourceIPv4Address:
        src = ipv4(bytes) ?? src;
        break;
      case IE.destinationIPv4Address:
        dst = ipv4(bytes) ?? dst;
        break;
      case IE.sourceIPv6Address:
        src = ipv6(bytes) ?? src;
        break;
      case IE.destinationIPv6Address:
        dst = ipv6(bytes) ?? dst;
        break;
      case IE.flowStartSysUpTime:
        startUptime = unsigned(bytes);
        break;
      case IE.flowEndSysUpTime:
        endUptime = unsigned(bytes);
        break;
      case IE.flowStartSeconds:
        startMs = unsigned(bytes) * 1000;
        break;
      case IE.flowEndSeconds:
        endMs = unsigned(bytes) * 1000;
        break;
      case IE.flowStartMilliseconds:
        startMs = unsigned(bytes);
        break;
      case IE.flowEndMilliseconds:
        endMs = unsigned(bytes);
        break;
      case IE.flowStartMicroseconds:
      case IE.flowStartNanoseconds:
        startMs = ntpMilliseconds(bytes) ?? startMs;
        break;
      case IE.flowEndMicroseconds:
      case IE.flowEndNanoseconds:
        endMs = ntpMilliseconds(bytes) ?? endMs;
        break;
      case IE.flowStartDeltaMicroseconds:
        startMs = exportMs - Math.floor(unsigned(bytes) / 1000);
        break;
      case IE.flowEndDeltaMicroseconds:
        endMs = exportMs - Math.floor(unsigned(bytes) / 1000);
        break;
      default:
        n.set(field.id, unsigned(bytes));
    }
  }
  if (!src || !dst) return 'no_addresses';
  const uptimeToMs = (uptime: number): number | null => {
    // v9: the header's uptime and clock were read together; the difference is the record's age (uint32, so a wrapped uptime still subtracts).
    if (clock.header.sysUptimeMs !== null) return exportMs - ((clock.header.sysUptimeMs - uptime) >>> 0);
    return clock.bootMs === null ? null : clock.bootMs + uptime;
  };
  if (startMs === null && startUptime !== null) startMs = uptimeToMs(startUptime);
  if (endMs === null && endUptime !== null) endMs = uptimeToMs(endUptime);
  endMs ??= startMs;
  startMs ??= endMs;
  // A hostile 64-bit time can lie beyond what a Date holds; such a record has no usable time.
  if (startMs === null || endMs === null || !isDateTime(startMs) || !isDateTime(endMs)) return 'no_time';
  if (endMs < startMs) endMs = startMs;
  startMs = Math.max(startMs, endMs - FLOW_MAX_SPAN_S * 1000);
  const tos = n.get(IE.ipDiffServCodePoint) ?? (n.has(IE.ipClassOfService) ? n.get(IE.ipClassOfService)! >> 2 : 0);
  return {
    start: new Date(startMs).toISOString(),
    end: new Date(endMs).toISOString(),
    src_ip: src,
    src_port: (n.get(IE.sourceTransportPort) ?? 0) & 0xffff,
    dst_ip: dst,
    dst_port: (n.get(IE.destinationTransportPort) ?? 0) & 0xffff,
    protocol: (n.get(IE.protocolIdentifier) ?? 0) & 0xff,
    src_bytes: n.get(IE.octetDeltaCount) ?? n.get(IE.octetTotalCount) ?? 0,
    src_packets: n.get(IE.packetDeltaCount) ?? n.get(IE.packetTotalCount) ?? 0,
    dst_bytes: reverse.get(IE.octetDeltaCount) ?? 0,
    dst_packets: reverse.get(IE.packetDeltaCount) ?? 0,
    in_ifname: interfaceName(n.get(IE.ingressInterface)),
    out_ifname: interfaceName(n.get(IE.egressInterface)),
    wan: null,
    dscp: tos & 63,
  };
}

/** The boot time an options record carries (IE 160), if it does. */
export function bootTimeOf(values: FieldValues): number | null {
  const found = values.find((v) => v.field.enterprise === 0 && v.field.id === IE.systemInitTimeMilliseconds);
  return found ? unsigned(found.bytes) : null;
}
