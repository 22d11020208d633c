import { FLOW_ACTIVE_TIMEOUT_S, URL_EVENTS_BATCH_MAX, type UrlEvent, type UrlEventsMessage } from '@netloom/domain';
import { BatchExporter, type BatchExporterOptions } from './batch-exporter';
import type { BrowsingRequest } from './browsing';
import { urlEventsFor, type FilteringDevice } from './url-events';
import type { WebFilterTimeline } from './web-filter-timeline';

/** URL events go out as often as flows unless told otherwise: a minute. */
export const URL_EXPORT_INTERVAL_S = FLOW_ACTIVE_TIMEOUT_S;
/** At most ten minutes: the web-filter logs should not lag further behind. */
export const URL_EXPORT_MAX_S = 600;

export interface UrlExportOptions extends Omit<BatchExporterOptions<UrlEvent, UrlEventsMessage>, 'collect' | 'batchMax' | 'message' | 'recordsOf'> {
  /** Seconds between exports, each covering the interval before it; 0: no URL events. */
  intervalS: number;
  /** The requests the device saw in the `intervalS` before `at` (its behaviour's browsing). */
  browse: (at: Date, intervalS: number) => BrowsingRequest[];
  /** The web filters the device ran, by when. */
  filters: WebFilterTimeline;
  device: () => FilteringDevice;
  /** Told of each interval's decided requests (the device's URL filter status counts them). */
  decided?: (events: readonly UrlEvent[]) => void;
}

/**
 * A device's URL event export: every interval the requests its users made are decided by the web
 * filter that ran at the time and go out as `url_events` batches of at most URL_EVENTS_BATCH_MAX,
 * kept in the outbox until acknowledged, like flows. An interval in which the device ran no web
 * filter is not even browsed: nothing of it would be reported.
 */
export function urlEventExporter(opts: UrlExportOptions): BatchExporter<UrlEvent, UrlEventsMessage> {
  if (!(opts.intervalS >= 0 && opts.intervalS <= URL_EXPORT_MAX_S)) {
    throw new RangeError(`the URL event export interval must be between 0 (off) and ${URL_EXPORT_MAX_S} s`);
  }
  return new BatchExporter({
    ...opts,
    collect: (at, intervalS) => {
      const fromMs = at.getTime() - intervalS * 1000;
      const events = opts.filters.anyWithin(fromMs, at.getTime()) ? urlEventsFor(opts.browse(at, intervalS), opts.filters, opts.device()) : [];
      if (events.length) opts.decided?.(events);
      // The next interval starts at `at`: only the filter running then and later are still needed.
      opts.filters.forget(at.getTime());
      return events;
    },
    batchMax: URL_EVENTS_BATCH_MAX,
    message: (seq, events) => ({ type: 'url_events', seq, events }),
    recordsOf: (m) => m.events.length,
  });
}
