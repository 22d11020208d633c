/**
 * Export datagrams laid out byte for byte as RFC 3954 and RFC 7011 say, for the tests and the
 * benchmark: a template set, then data sets of IPv4 flow records in that template.
 */

/** The template the builders use: the fields softflowd's v9 template has, in its order. */
const FIELDS: [id: number, length: number][] = [
  [8, 4], // sourceIPv4Address
  [12, 4], // destinationIPv4Address
  [22, 4], // flowStartSysUpTime / FIRST_SWITCHED
  [21, 4], // flowEndSysUpTime / LAST_SWITCHED
  [1, 4], // octetDeltaCount
  [2, 4], // packetDeltaCount
  [10, 4], // ingressInterface
  [14, 4], // egressInterface
  [7, 2], // sourceTransportPort
  [11, 2], // destinationTransportPort
  [4, 1], // protocolIdentifier
  [5, 1], // ipClassOfService
];
/** IPFIX flows in this layout carry absolute milliseconds (152/153) instead of uptimes. */
const IPFIX_FIELDS: [number, number][] = FIELDS.map(([id, length]) => (id === 22 ? [152, 8] : id === 21 ? [153, 8] : [id, length]));

export interface TestFlow {
  src: string;
  dst: string;
  srcPort: number;
  dstPort: number;
  protocol: number;
  bytes: number;
  packets: number;
  /** Absolute times in ms. */
  start: number;
  end: number;
  inIf?: number;
  outIf?: number;
  tos?: number;
}

const ip = (text: string) => Buffer.from(text.split('.').map(Number));
const u16 = (n: number) => Buffer.from([(n >> 8) & 255, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const set = (id: number, body: Buffer) => Buffer.concat([u16(id), u16(body.length + 4), body]);
const templateBody = (id: number, fields: [number, number][]) => Buffer.concat([u16(id), u16(fields.length), ...fields.flatMap(([f, l]) => [u16(f), u16(l)])]);

function recordBytes(f: TestFlow, time: (ms: number, id: number) => Buffer): Buffer {
  return Buffer.concat([
    ip(f.src),
    ip(f.dst),
    time(f.start, 22),
    time(f.end, 21),
    u32(f.bytes),
    u32(f.packets),
    u32(f.inIf ?? 0),
    u32(f.outIf ?? 0),
    u16(f.srcPort),
    u16(f.dstPort),
    Buffer.from([f.protocol, f.tos ?? 0]),
  ]);
}

export interface DatagramOptions {
  templateId?: number;
  /** Source id (v9) or observation domain (IPFIX). */
  domain?: number;
  withTemplate?: boolean;
  /** The export time. */
  exportMs?: number;
  /** v9: how long the exporter has been up at the export time (1 h by default); flows must start after its boot. */
  uptimeMs?: number;
}

/** A NetFlow v9 datagram: header, the template flowset (id 0) unless left out, one data flowset. */
export function v9Datagram(flows: TestFlow[], o: DatagramOptions = {}): Buffer {
  const exportMs = o.exportMs ?? Date.now();
  const bootMs = exportMs - (o.uptimeMs ?? 3_600_000);
  const id = o.templateId ?? 256;
  const sets = [
    ...(o.withTemplate === false ? [] : [set(0, templateBody(id, FIELDS))]),
    set(id, Buffer.concat(flows.map((f) => recordBytes(f, (ms) => u32(ms - bootMs))))),
  ];
  const header = Buffer.concat([u16(9), u16(flows.length), u32(exportMs - bootMs), u32(Math.floor(exportMs / 1000)), u32(1), u32(o.domain ?? 0)]);
  return Buffer.concat([header, ...sets]);
}

/** An IPFIX message: header, the template set (id 2) unless left out, one data set. */
export function ipfixDatagram(flows: TestFlow[], o: DatagramOptions = {}): Buffer {
  const exportMs = o.exportMs ?? Date.now();
  const id = o.templateId ?? 256;
  const sets = [
    ...(o.withTemplate === false ? [] : [set(2, templateBody(id, IPFIX_FIELDS))]),
    set(id, Buffer.concat(flows.map((f) => recordBytes(f, (ms) => u64(ms))))),
  ];
  const body = Buffer.concat(sets);
  return Buffer.concat([u16(10), u16(16 + body.length), u32(Math.floor(exportMs / 1000)), u32(1), u32(o.domain ?? 0), body]);
}
