import type { FlowsMessage } from '@netloom/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowOutbox, type FlowsDropped } from './flow-outbox';

const batch = (seq: number, records = 2): FlowsMessage => ({
  type: 'flows',
  seq,
  records: Array.from({ length: records }, (_, i) => ({
    start: '2025-03-03T14:00:00.000Z',
    end: '2025-03-03T14:01:00.000Z',
    src_ip: `192.168.1.${100 + i}`,
    src_port: 40000 + i,
    dst_ip: '142.250.0.1',
    dst_port: 443,
    protocol: 6,
    src_bytes: 1000,
    src_packets: 10,
    dst_bytes: 50000,
    dst_packets: 40,
    in_ifname: 'lan1',
    out_ifname: 'eth0',
    wan: 'WAN1',
    dscp: 0,
  })),
});

/** An outbox on a connection that records what it writes, and the drops it reports. */
function setup(opts: { capacity?: number; maxInFlight?: number } = {}) {
  const sent: number[] = [];
  const reports: FlowsDropped[] = [];
  let open = true;
  const outbox = new FlowOutbox({
    ...opts,
    transmit: (m) => open && sent.push(m.seq) > 0,
    onDropped: (d) => reports.push(d),
  });
  return { outbox, sent, reports, setOpen: (v: boolean) => (open = v) };
}

describe('the flow outbox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps nothing back while connected, but only a few batches unanswered at a time, oldest first', () => {
    const { outbox, sent } = setup({ maxInFlight: 2 });
    outbox.connected();
    for (const seq of [1, 2, 3, 4]) outbox.add(batch(seq));
    expect(sent).toEqual([1, 2]);
    expect(outbox.acked(1)).toBe(true);
    expect(sent).toEqual([1, 2, 3]);
    outbox.acked(2);
    outbox.acked(3);
    outbox.acked(4);
    expect(sent).toEqual([1, 2, 3, 4]);
    expect(outbox.pending).toEqual([]);
    // Acks of other messages (heartbeats, metrics) are none of its business.
    expect(outbox.acked(99)).toBe(false);
  });

  it('keeps batches while offline and sends the unanswered ones again, same seq, on the next connection', () => {
    const { outbox, sent, setOpen } = setup({ maxInFlight: 3 });
    outbox.add(batch(1));
    expect(sent).toEqual([]);
    outbox.connected();
    outbox.add(batch(2));
    expect(sent).toEqual([1, 2]);
    outbox.acked(1);
    // The connection drops with batch 2 unanswered; batch 3 is made during the outage.
    outbox.disconnected();
    setOpen(false);
    outbox.add(batch(3));
    setOpen(true);
    outbox.connected();
    expect(sent).toEqual([1, 2, 2, 3]);
    expect(outbox.pending).toEqual([2, 3]);
  });

  it('on busy sends nothing before retry_after_ms, then the same batch first', () => {
    const { outbox, sent } = setup({ maxInFlight: 1 });
    outbox.connected();
    outbox.add(batch(1));
    outbox.add(batch(2));
    expect(sent).toEqual([1]);
    outbox.busy(1, 2000);
    vi.advanceTimersByTime(1999);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([1, 1]);
    outbox.acked(1);
    expect(sent).toEqual([1, 1, 2]);
  });

  it('holds at most its capacity: the oldest is dropped, counted and told once a minute', () => {
    const { outbox, reports } = setup({ capacity: 3 });
    for (const seq of [1, 2, 3, 4]) outbox.add(batch(seq, 5));
    expect(outbox.pending).toEqual([2, 3, 4]);
    expect(reports).toEqual([{ batches: 1, records: 5 }]);
    for (const seq of [5, 6, 7]) outbox.add(batch(seq, 5));
    expect(outbox.pending).toEqual([5, 6, 7]);
    // The next three drops are told together, a minute after the first report.
    expect(reports).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(reports).toEqual([
      { batches: 1, records: 5 },
      { batches: 3, records: 15 },
    ]);
    expect(outbox.dropped).toEqual({ batches: 4, records: 20 });
  });

  it('forgets a dropped batch that was in flight, and sends the next one in its place', () => {
    const { outbox, sent } = setup({ capacity: 2, maxInFlight: 1 });
    outbox.connected();
    outbox.add(batch(1));
    outbox.add(batch(2));
    outbox.add(batch(3));
    expect(outbox.pending).toEqual([2, 3]);
    expect(sent).toEqual([1, 2]);
    expect(outbox.acked(1)).toBe(false);
  });
});
