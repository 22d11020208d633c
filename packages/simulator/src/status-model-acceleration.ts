import type { AccelerationSection, StatusSnapshot } from '@netloom/domain';
import { fixedShare } from './prng';

const PACKET_BYTES = 1200;
const BYTES_PER_FLOW = 2_000_000;
/** Packets a lossy WAN loses that FEC repairs, per packet sent. */
const REPAIRED_PER_PACKET = 0.002;

/**
 * Each enabled rule's accelerated traffic since the section was applied: a share of the box's
 * traffic (2–12 %, fixed per box and rule), over the links it names that the box has up; FEC
 * counts the packets it repaired. A rule whose links are all down takes nothing from then on
 * (`busyOnLinks` is the box's busy time while one of them was up).
 */
export function accelerationSnapshot(
  section: AccelerationSection | undefined,
  serial: string,
  busyOnLinks: number,
  peakBps: number,
): Extract<StatusSnapshot, { kind: 'acceleration' }> {
  if (!section) return { kind: 'acceleration', entries: [] };
  return {
    kind: 'acceleration',
    entries: section.rules
      .filter((r) => r.enabled)
      .map((r) => {
        const bytes = Math.floor(Math.max(0, busyOnLinks) * peakBps * (0.02 + 0.1 * fixedShare(serial, 'acceleration', r.name)));
        return {
          rule: r.name,
          flows: Math.floor(bytes / BYTES_PER_FLOW),
          bytes,
          fec_recovered: r.fec ? Math.floor((bytes / PACKET_BYTES) * REPAIRED_PER_PACKET) : 0,
        };
      }),
  };
}
