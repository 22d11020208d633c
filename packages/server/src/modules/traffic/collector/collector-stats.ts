/** What the collector has done since start, for /metrics. */
export interface CollectorStats {
  datagrams: number;
  /** From an address no device has as its exporter address (or whose device is deactivated or removed). */
  datagramsRefused: number;
  /** Not NetFlow v9 or IPFIX, truncated, or lengths that do not add up. */
  datagramsMalformed: number;
  /** Flow records decoded and handed to ingest. */
  records: number;
  /** Handed to ingest but refused (queue full under load, shutting down, or the database away): not stored. */
  recordsDropped: number;
  /** Data sets whose template the exporter had not sent yet (or that expired). */
  setsWithoutTemplate: number;
  /** Records without addresses or times. */
  recordsUnusable: number;
}

export const emptyCollectorStats = (): CollectorStats => ({
  datagrams: 0,
  datagramsRefused: 0,
  datagramsMalformed: 0,
  records: 0,
  recordsDropped: 0,
  setsWithoutTemplate: 0,
  recordsUnusable: 0,
});

/** The counters as /metrics reads them when scraped. */
export function collectorMetrics(stats: CollectorStats): { name: string; help: string; read: () => number }[] {
  const counter = (name: string, help: string, read: (s: CollectorStats) => number) => ({
    name: `netloom_flow_collector_${name}`,
    help,
    read: () => read(stats),
  });
  return [
    counter('datagrams_total', 'NetFlow v9 / IPFIX datagrams received', (s) => s.datagrams),
    counter('datagrams_refused_total', 'Datagrams from an address that is no device’s exporter address, dropped', (s) => s.datagramsRefused),
    counter('datagrams_malformed_total', 'Datagrams that are not well-formed NetFlow v9 / IPFIX, dropped', (s) => s.datagramsMalformed),
    counter('records_total', 'Flow records decoded and handed to ingest', (s) => s.records),
    counter('records_dropped_total', 'Decoded flow records ingest refused (load, shutdown, database away): not stored', (s) => s.recordsDropped),
    counter('sets_without_template_total', 'Data sets dropped because their template had not been received', (s) => s.setsWithoutTemplate),
    counter('records_unusable_total', 'Flow records without addresses or times, dropped', (s) => s.recordsUnusable),
  ];
}
