import type { FlowRecord, NetflowSection, StatusSnapshot } from '@netloom/domain';

type Snapshot = Extract<StatusSnapshot, { kind: 'netflow' }>;
const NETLOOM = 'Netloom';

/** A record as a 1:N packet-sampling exporter sees it: its sampled packets and bytes; null when none of its packets was sampled. */
function sampled(record: FlowRecord, n: number): FlowRecord | null {
  if (n === 1) return record;
  const r = { ...record };
  for (const key of ['src_bytes', 'src_packets', 'dst_bytes', 'dst_packets'] as const) r[key] = Math.floor(record[key] / n);
  return r.src_packets + r.dst_packets > 0 ? r : null;
}

/**
 * The box's flow export under its NetFlow section: only flows in or out of its configured
 * interfaces, sampled 1:N, sent to each of its collectors and counted there. Without a section it
 * exports every flow, unsampled, to Netloom, as it did before the family existed. The counters
 * start again when the section changes (the exporter restarts with it).
 */
export class NetflowExport {
  private section: NetflowSection | undefined;
  private counts = new Map<string, { records: number; last: string | null }>([[NETLOOM, { records: 0, last: null }]]);

  ran(section: NetflowSection | undefined): void {
    if (JSON.stringify(section) === JSON.stringify(this.section)) return;
    this.section = section;
    this.counts = new Map(this.collectors().map((c) => [c, { records: 0, last: null }]));
  }

  private collectors(): string[] {
    const s = this.section;
    if (!s) return [NETLOOM];
    if (!s.enabled) return [];
    return [...(s.netloom_collector ? [NETLOOM] : []), ...s.collectors.map((c) => `${c.address}:${c.port}`)];
  }

  /** What goes to Netloom of `records` (the flows of one interval at `at`); every collector's counter moves by what it was sent. */
  export(records: readonly FlowRecord[], at: Date): FlowRecord[] {
    const s = this.section;
    const on = s ? new Set(s.interfaces) : null;
    const out = records.flatMap((r) => {
      if (on && !on.has(r.in_ifname) && !on.has(r.out_ifname)) return [];
      const kept = sampled(r, s?.sampling ?? 1);
      return kept ? [kept] : [];
    });
    for (const c of this.collectors()) {
      const count = this.counts.get(c)!;
      count.records += out.length;
      if (out.length) count.last = at.toISOString();
    }
    return this.collectors().includes(NETLOOM) ? out : [];
  }

  snapshot(allInterfaces: readonly string[]): Snapshot {
    const s = this.section;
    return {
      kind: 'netflow',
      enabled: s?.enabled ?? true,
      version: s?.version ?? 'ipfix',
      sampling: s?.sampling ?? 1,
      interfaces: s ? s.interfaces : [...allInterfaces],
      entries: this.collectors().map((c) => ({ collector: c, records: this.counts.get(c)!.records, last_export_at: this.counts.get(c)!.last })),
    };
  }
}
