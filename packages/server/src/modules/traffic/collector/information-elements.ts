/**
 * The IANA information elements (https://www.iana.org/assignments/ipfix) a flow record is made
 * of; NetFlow v9 (RFC 3954 §8) uses the same numbers for the ones below 128.
 */
export const IE = {
  octetDeltaCount: 1,
  packetDeltaCount: 2,
  protocolIdentifier: 4,
  ipClassOfService: 5,
  tcpControlBits: 6,
  sourceTransportPort: 7,
  sourceIPv4Address: 8,
  ingressInterface: 10,
  destinationTransportPort: 11,
  destinationIPv4Address: 12,
  egressInterface: 14,
  /** v9 LAST_SWITCHED / FIRST_SWITCHED: the exporter's uptime in ms (IPFIX flowEndSysUpTime / flowStartSysUpTime). */
  flowEndSysUpTime: 21,
  flowStartSysUpTime: 22,
  sourceIPv6Address: 27,
  destinationIPv6Address: 28,
  octetTotalCount: 85,
  packetTotalCount: 86,
  flowStartSeconds: 150,
  flowEndSeconds: 151,
  flowStartMilliseconds: 152,
  flowEndMilliseconds: 153,
  flowStartMicroseconds: 154,
  flowEndMicroseconds: 155,
  flowStartNanoseconds: 156,
  flowEndNanoseconds: 157,
  flowStartDeltaMicroseconds: 158,
  flowEndDeltaMicroseconds: 159,
  /** In an options record: when the exporter booted, so that sysUpTime-relative times can be placed (IPFIX has no uptime in its header). */
  systemInitTimeMilliseconds: 160,
  ipDiffServCodePoint: 195,
} as const;

/** RFC 5103: an element of this enterprise is the reverse direction's (bidirectional flows, softflowd -b). */
export const REVERSE_PEN = 29305;
