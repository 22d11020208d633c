import { classifyFlow, FLOWS_BATCH_MAX, type FlowRecord } from '@netloom/domain';

const bytesOf = (r: FlowRecord): number => r.src_bytes + r.dst_bytes;

/** Two records as one: counters summed, times widened, the identity of the bigger one. */
function merge(a: FlowRecord, b: FlowRecord): FlowRecord {
  const [big, small] = bytesOf(a) >= bytesOf(b) ? [a, b] : [b, a];
  return {
    ...big,
    start: big.start < small.start ? big.start : small.start,
    end: big.end > small.end ? big.end : small.end,
    src_bytes: big.src_bytes + small.src_bytes,
    src_packets: big.src_packets + small.src_packets,
    dst_bytes: big.dst_bytes + small.dst_bytes,
    dst_packets: big.dst_packets + small.dst_packets,
  };
}

type Key = (r: FlowRecord) => string;

// What stays apart at every level: the client, the interfaces, the WAN, the QoS class and the user.
const who = (r: FlowRecord) => [r.src_ip, r.in_ifname, r.out_ifname, r.wan ?? '', r.dscp, r.user ?? ''].join('|');

/**
 * Coarser and coarser aggregation keys, as a NetFlow aggregation cache would use: the same
 * conversation without its client port (many DNS queries to one resolver), then the same
 * application of a client, then the client on one WAN.
 */
const LEVELS: readonly Key[] = [
  (r) => [who(r), r.dst_ip, r.protocol, r.dst_port, r.application ?? ''].join('|'),
  (r) => [who(r), classifyFlow(r)].join('|'),
  (r) => who(r),
];

function mergeBy(records: readonly FlowRecord[], key: Key): FlowRecord[] {
  const merged = new Map<string, FlowRecord>();
  for (const r of records) {
    const k = key(r);
    const seen = merged.get(k);
    merged.set(k, seen ? merge(seen, r) : r);
  }
  return [...merged.values()];
}

/**
 * The largest head of `sorted` kept as it is, with the tail merged by `key`, that fits in `max`;
 * undefined when even merging everything does not. Moving a record from the tail to the head adds
 * at most one record, so the size only grows with the head and a binary search finds it.
 */
function fitAt(sorted: readonly FlowRecord[], key: Key, max: number): FlowRecord[] | undefined {
  const build = (head: number) => [...sorted.slice(0, head), ...mergeBy(sorted.slice(head), key)];
  if (mergeBy(sorted, key).length > max) return undefined;
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (build(mid).length <= max) lo = mid;
    else hi = mid - 1;
  }
  return build(lo);
}

/**
 * One interval's records in at most `max` (a batch's limit), every byte and packet kept. The
 * biggest flows stay as they were; the smallest are merged, first with their own conversation,
 * then with the client's other flows of the same application, then into one record per client and
 * WAN. Only beyond that (more clients talking than a batch holds) are the quietest clients' bytes
 * added to the biggest record on the same WAN: totals per WAN and per interval stay right, the
 * quietest clients lose their attribution. Meant for one export interval: merged records span
 * what their parts spanned, so records of one interval stay within it.
 */
export function capFlows(records: readonly FlowRecord[], max: number = FLOWS_BATCH_MAX): FlowRecord[] {
  if (!(max >= 1)) throw new RangeError('max must be at least 1');
  if (records.length <= max) return [...records];
  // Stable sort: equal sizes keep their order, so the result is as deterministic as the input.
  const sorted = [...records].sort((a, b) => bytesOf(b) - bytesOf(a));
  for (const key of LEVELS) {
    const fitted = fitAt(sorted, key, max);
    if (fitted) return fitted;
  }
  const perClient = mergeBy(sorted, LEVELS[LEVELS.length - 1]!).sort((a, b) => bytesOf(b) - bytesOf(a));
  const kept = perClient.slice(0, max);
  for (const rest of perClient.slice(max)) {
    const i = kept.findIndex((k) => k.out_ifname === rest.out_ifname && k.wan === rest.wan);
    const into = i >= 0 ? i : 0;
    kept[into] = merge(kept[into]!, rest);
  }
  return kept;
}
