import { useSearchParams } from 'react-router';
import type { WebFilterRange } from '@netloom/domain';
import { DEFAULT_WEBFILTER_CHART, DEFAULT_WEBFILTER_RANGE, isWebFilterRange } from '@/features/web-filter-analytics/components/webfilter-charts';

/** The dashboard's URL keeps the panel's chart and window; names that say whose they are (the traffic panel has its own). */
const CHART_PARAM = 'webfilter_chart';
const RANGE_PARAM = 'webfilter_range';

/**
 * The web-filter panel's chart and window from the URL. The chart is returned as asked: an id
 * this console does not know (an old link) shows the empty state rather than another chart.
 */
export function useWebFilterChoice() {
  const [params, setParams] = useSearchParams();
  const chart = params.get(CHART_PARAM) ?? DEFAULT_WEBFILTER_CHART;
  const askedRange = params.get(RANGE_PARAM) ?? '';
  const range: WebFilterRange = isWebFilterRange(askedRange) ? askedRange : DEFAULT_WEBFILTER_RANGE;
  const set = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(key, value);
        return next;
      },
      // A chart switch is not a page: Back leaves the dashboard rather than stepping through charts.
      { replace: true },
    );
  return { chart, range, setChart: (id: string) => set(CHART_PARAM, id), setRange: (r: WebFilterRange) => set(RANGE_PARAM, r) };
}
