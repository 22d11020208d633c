import { ZTNA_SESSIONS_BATCH_MAX, type ZtnaSession, type ZtnaSessionsMessage } from '@netloom/domain';
import { BatchExporter, type BatchExporterOptions } from './batch-exporter';

/** Sessions go out every minute unless told otherwise, as flows and URL events do. */
export const ZTNA_EXPORT_INTERVAL_S = 60;
/** At most ten minutes: the session logs should not lag further behind. */
export const ZTNA_EXPORT_MAX_S = 600;

export interface ZtnaExportOptions extends Omit<
  BatchExporterOptions<ZtnaSession, ZtnaSessionsMessage>,
  'collect' | 'batchMax' | 'message' | 'recordsOf' | 'sendEmpty'
> {
  /** Seconds between exports, each covering the interval before it; 0: no sessions reported. */
  intervalS: number;
  /** The connections to report for the `intervalS` before `at` (the client decided them). */
  sessions: (at: Date, intervalS: number) => ZtnaSession[];
  /** What the client measured to its relays now; empty: it runs no zero-trust section. */
  relays: () => ZtnaSessionsMessage['relays'];
}

/**
 * An endpoint's session export: every interval the connections its user tried go out as
 * `ztna_sessions` batches of at most ZTNA_SESSIONS_BATCH_MAX with the relay measurements, kept in
 * the outbox until acknowledged (resent under the same seq after a drop, held back while the
 * server says busy). A quiet interval still reports the relays when it has any.
 */
export function ztnaSessionExporter(opts: ZtnaExportOptions): BatchExporter<ZtnaSession, ZtnaSessionsMessage> {
  if (!(opts.intervalS >= 0 && opts.intervalS <= ZTNA_EXPORT_MAX_S)) {
    throw new RangeError(`the session export interval must be between 0 (off) and ${ZTNA_EXPORT_MAX_S} s`);
  }
  let relays: ZtnaSessionsMessage['relays'] = [];
  return new BatchExporter({
    ...opts,
    collect: (at, intervalS) => {
      relays = opts.relays();
      return opts.sessions(at, intervalS);
    },
    sendEmpty: () => relays.length > 0,
    batchMax: ZTNA_SESSIONS_BATCH_MAX,
    // The measurements go with the interval's first batch.
    message: (seq, sessions) => {
      const message: ZtnaSessionsMessage = { type: 'ztna_sessions', seq, sessions, relays };
      relays = [];
      return message;
    },
    recordsOf: (m) => m.sessions.length,
  });
}
