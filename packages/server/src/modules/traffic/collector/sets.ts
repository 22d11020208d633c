/**
 * The framing of NetFlow v9 (RFC 3954) and IPFIX (RFC 7011) export datagrams: a header, then sets
 * (v9 calls them flowsets) of a 16-bit id and a 16-bit length that includes its own 4 bytes. This
 * file only cuts a datagram into its sets, checking every length against the bytes that are there;
 * what the sets hold is read by templates.ts and records.ts.
 */

const NETFLOW_V9 = 9;
export const IPFIX = 10;

/** Set ids: v9 templates are flowset 0 and options templates 1; IPFIX's are 2 and 3; data sets are 256 and up in both. */
export const SET_ID = { v9Template: 0, v9Options: 1, ipfixTemplate: 2, ipfixOptions: 3, firstData: 256 } as const;

const V9_HEADER = 20;
const IPFIX_HEADER = 16;
const SET_HEADER = 4;

export interface ExportHeader {
  version: typeof NETFLOW_V9 | typeof IPFIX;
  /** Seconds since the epoch when the exporter sent the datagram. */
  exportSeconds: number;
  /** v9 only: the exporter's uptime in ms when it sent the datagram (flow times are relative to it). */
  sysUptimeMs: number | null;
  /** v9 source id, IPFIX observation domain: templates are the exporter's per domain. */
  domain: number;
}

export interface ExportSet {
  id: number;
  /** The set's content, without its 4-byte header and within the datagram's bounds. */
  body: Buffer;
}

export class MalformedDatagram extends Error {}

/** The header and sets of one datagram; throws MalformedDatagram on anything that does not add up. */
export function readDatagram(datagram: Buffer): { header: ExportHeader; sets: ExportSet[] } {
  if (datagram.length < 2) throw new MalformedDatagram('shorter than a version number');
  const version = datagram.readUInt16BE(0);
  let header: ExportHeader;
  let end: number;
  let offset: number;
  if (version === NETFLOW_V9) {
    if (datagram.length < V9_HEADER) throw new MalformedDatagram('shorter than a NetFlow v9 header');
    header = { version, sysUptimeMs: datagram.readUInt32BE(4), exportSeconds: datagram.readUInt32BE(8), domain: datagram.readUInt32BE(16) };
    // v9's header counts records, not bytes: the datagram's own length bounds it.
    end = datagram.length;
    offset = V9_HEADER;
  } else if (version === IPFIX) {
    if (datagram.length < IPFIX_HEADER) throw new MalformedDatagram('shorter than an IPFIX header');
    const length = datagram.readUInt16BE(2);
    if (length < IPFIX_HEADER || length > datagram.length) throw new MalformedDatagram(`IPFIX length ${length} does not fit the datagram`);
    header = { version, sysUptimeMs: null, exportSeconds: datagram.readUInt32BE(4), domain: datagram.readUInt32BE(12) };
    end = length;
    offset = IPFIX_HEADER;
  } else throw new MalformedDatagram(`version ${version} is neither NetFlow v9 nor IPFIX`);

  const sets: ExportSet[] = [];
  while (offset < end) {
    // Fewer bytes than a set header are padding (v9 allows it after the last flowset).
    if (end - offset < SET_HEADER) break;
    const id = datagram.readUInt16BE(offset);
    const length = datagram.readUInt16BE(offset + 2);
    if (length < SET_HEADER || offset + length > end) throw new MalformedDatagram(`set ${id} length ${length} does not fit the datagram`);
    if (id >= 4 && id < SET_ID.firstData) throw new MalformedDatagram(`set id ${id} is reserved`);
    sets.push({ id, body: datagram.subarray(offset + SET_HEADER, offset + length) });
    offset += length;
  }
  return { header, sets };
}
