/** The libpcap file header's size, and each packet record's header before its bytes. */
const FILE_HEADER = 24;
const RECORD_HEADER = 16;
const MAGIC_LE = 0xa1b2c3d4;

/**
 * The whole packets of a pcap file that fit in `maxBytes` (tcpdump has no byte bound of its own,
 * so the agent stops it once the file passes the bound and cuts it back to a packet's end here).
 * A packet cut short by the stop is dropped too: the console gets a file every reader opens.
 */
export function wholePackets(file: Uint8Array, maxBytes: number): { bytes: Uint8Array; packets: number } {
  if (file.length < FILE_HEADER) return { bytes: file.subarray(0, 0), packets: 0 };
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const little = view.getUint32(0, true) === MAGIC_LE;
  let end = FILE_HEADER;
  let packets = 0;
  // The bound counts each packet with its record header, as a simulated gateway counts it.
  let kept = 0;
  while (end + RECORD_HEADER <= file.length) {
    const captured = view.getUint32(end + 8, little);
    const next = end + RECORD_HEADER + captured;
    if (next > file.length || kept + RECORD_HEADER + captured > maxBytes) break;
    kept += RECORD_HEADER + captured;
    end = next;
    packets++;
  }
  return { bytes: file.subarray(0, end), packets };
}
