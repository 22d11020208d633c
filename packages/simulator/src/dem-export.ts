import { DEM_RESULTS_BATCH_MAX, type DemResult, type DemResultsMessage } from '@netloom/domain';
import { BatchExporter, type BatchExporterOptions } from './batch-exporter';

/** Test results go out every minute unless told otherwise, as flows and sessions do. */
export const DEM_EXPORT_INTERVAL_S = 60;
/** At most ten minutes: the experience scores should not lag further behind. */
export const DEM_EXPORT_MAX_S = 600;

export interface DemExportOptions extends Omit<BatchExporterOptions<DemResult, DemResultsMessage>, 'collect' | 'batchMax' | 'message' | 'recordsOf'> {
  /** Seconds between exports, each covering the interval before it; 0: no results reported. */
  intervalS: number;
  /** The test runs of the `intervalS` before `at` (a real agent: those finished since the last call). */
  results: (at: Date, intervalS: number) => DemResult[];
}

/**
 * An endpoint's DEM export: every interval the runs of its tests go out as `dem_results` batches
 * of at most DEM_RESULTS_BATCH_MAX, kept in the outbox until acknowledged, resent under the same
 * seq after a drop and held back while the server says busy, like flows and sessions.
 */
export function demResultExporter(opts: DemExportOptions): BatchExporter<DemResult, DemResultsMessage> {
  if (!(opts.intervalS >= 0 && opts.intervalS <= DEM_EXPORT_MAX_S)) {
    throw new RangeError(`the DEM result export interval must be between 0 (off) and ${DEM_EXPORT_MAX_S} s`);
  }
  return new BatchExporter({
    ...opts,
    collect: (at, intervalS) => opts.results(at, intervalS),
    batchMax: DEM_RESULTS_BATCH_MAX,
    message: (seq, results) => ({ type: 'dem_results', seq, results }),
    recordsOf: (m) => m.results.length,
  });
}
