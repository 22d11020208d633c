import { useSearchParams } from 'react-router';
import { DEFAULT_TRAFFIC_CHART, DEFAULT_TRAFFIC_RANGE_MINUTES, isTrafficChart, type TrafficChartId, type TrafficRangeMinutes } from '@netloom/domain';
import { isTrafficRange } from '@/features/traffic/components/traffic-window';

/** The dashboard's URL keeps the panel's chart and range (a link shows the same chart); names that say whose they are. */
const CHART_PARAM = 'traffic_chart';
const RANGE_PARAM = 'traffic_range';

/** The top-traffic panel's chart and range from the URL; the spec's defaults (Top Applications, 24 h) otherwise. */
export function useTopTrafficChoice() {
  const [params, setParams] = useSearchParams();
  const askedChart = params.get(CHART_PARAM) ?? '';
  const askedRange = Number(params.get(RANGE_PARAM));
  const chart: TrafficChartId = isTrafficChart(askedChart) ? askedChart : DEFAULT_TRAFFIC_CHART;
  const minutes: TrafficRangeMinutes = isTrafficRange(askedRange) ? askedRange : DEFAULT_TRAFFIC_RANGE_MINUTES;
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
  return {
    chart,
    minutes,
    setChart: (id: TrafficChartId) => set(CHART_PARAM, id),
    setMinutes: (m: TrafficRangeMinutes) => set(RANGE_PARAM, String(m)),
  };
}
