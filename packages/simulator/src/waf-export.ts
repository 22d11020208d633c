import { FLOW_ACTIVE_TIMEOUT_S, WAF_EVENTS_BATCH_MAX, type WafAttack, type WafEventsMessage, type WafRequest } from '@netloom/domain';
import { BatchExporter, type BatchExporterOptions } from './batch-exporter';
import type { WafTraffic } from './behaviour';

/** A WAF edge's logs go out as often as flows unless told otherwise: a minute. */
export const WAF_EXPORT_INTERVAL_S = FLOW_ACTIVE_TIMEOUT_S;
/** At most ten minutes: the attack log should not lag further behind. */
export const WAF_EXPORT_MAX_S = 600;

/** One record of a `waf_events` batch: an access log line or an attack. */
export type WafRecord = { request: WafRequest } | { attack: WafAttack };

export interface WafExportOptions extends Omit<BatchExporterOptions<WafRecord, WafEventsMessage>, 'collect' | 'batchMax' | 'message' | 'recordsOf'> {
  /** Seconds between exports, each covering the interval before it; 0: no WAF events. */
  intervalS: number;
  /** What the edge served in the `intervalS` before `at` (a real edge: what its logs grew by since the last call). */
  traffic: (at: Date, intervalS: number) => WafTraffic;
}

/**
 * A WAF edge's event export: every interval its access log's requests and its audit log's attacks
 * go out as `waf_events` batches of at most WAF_EVENTS_BATCH_MAX records (requests and attacks
 * together), kept in the outbox until acknowledged, resent under the same seq after a drop and
 * held back while the server says busy, like flows and URL events.
 */
export function wafEventExporter(opts: WafExportOptions): BatchExporter<WafRecord, WafEventsMessage> {
  if (!(opts.intervalS >= 0 && opts.intervalS <= WAF_EXPORT_MAX_S)) {
    throw new RangeError(`the WAF event export interval must be between 0 (off) and ${WAF_EXPORT_MAX_S} s`);
  }
  return new BatchExporter({
    ...opts,
    collect: (at, intervalS) => {
      const { requests, attacks } = opts.traffic(at, intervalS);
      // Attacks first: when a flood fills many batches the console's attack log is what matters most.
      return [...attacks.map((attack) => ({ attack })), ...requests.map((request) => ({ request }))];
    },
    batchMax: WAF_EVENTS_BATCH_MAX,
    message: (seq, records) => ({
      type: 'waf_events',
      seq,
      requests: records.flatMap((r) => ('request' in r ? [r.request] : [])),
      attacks: records.flatMap((r) => ('attack' in r ? [r.attack] : [])),
    }),
    recordsOf: (m) => m.requests.length + m.attacks.length,
  });
}
