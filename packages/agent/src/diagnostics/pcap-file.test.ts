import { describe, expect, it } from 'vitest';
import { wholePackets } from './pcap-file';

/** A little-endian pcap file with packets of these sizes, the last one `cut` bytes short. */
function pcap(sizes: number[], cut = 0): Uint8Array {
  const parts = [Buffer.from('d4c3b2a1020004000000000000000000ffff000001000000', 'hex')];
  for (const size of sizes) {
    const head = Buffer.alloc(16);
    head.writeUInt32LE(size, 8);
    head.writeUInt32LE(size, 12);
    parts.push(head, Buffer.alloc(size, 0xab));
  }
  const file = Buffer.concat(parts);
  return file.subarray(0, file.length - cut);
}

describe('a capture file cut to its bounds', () => {
  it('keeps every packet when they fit', () => {
    const file = pcap([60, 98, 98]);
    expect(wholePackets(file, 1_000)).toEqual({ bytes: file, packets: 3 });
  });

  it('keeps the packets that fit in the byte bound, each with its record header', () => {
    const kept = wholePackets(pcap([60, 98, 98]), 76 + 114);
    expect(kept.packets).toBe(2);
    expect(kept.bytes.length).toBe(24 + 76 + 114);
  });

  it('drops a packet the stop cut short, so that every reader opens the file', () => {
    const kept = wholePackets(pcap([60, 98], 10), 1_000);
    expect(kept.packets).toBe(1);
    expect(kept.bytes.length).toBe(24 + 76);
  });

  it('answers nothing for a file tcpdump never wrote its header to', () => {
    expect(wholePackets(new Uint8Array(10), 1_000).packets).toBe(0);
  });
});
