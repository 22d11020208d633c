import { WEBFILTER_CHARTS, WEBFILTER_RANGES, type WebFilterRange, type WebFilterSummary } from '@netloom/domain';

export type WebFilterChartId = (typeof WEBFILTER_CHARTS)[number]['id'];
export type BucketChartId = Exclude<WebFilterChartId, 'requests_over_time'>;

/** Top Blocked URLs: what an admin most wants to see first (WEBFILTER_CHARTS lists it first). */
export const DEFAULT_WEBFILTER_CHART: WebFilterChartId = WEBFILTER_CHARTS[0].id;
export const DEFAULT_WEBFILTER_RANGE: WebFilterRange = '24h';

export const RANGE_LABELS: Record<WebFilterRange, string> = { '1h': 'Last 1 hour', '24h': 'Last 24 hours', '7d': 'Last 7 days' };

export const isWebFilterChart = (id: string): id is WebFilterChartId => WEBFILTER_CHARTS.some((c) => c.id === id);
export const isWebFilterRange = (r: string): r is WebFilterRange => (WEBFILTER_RANGES as readonly string[]).includes(r);
export const webFilterChartLabel = (id: string) => WEBFILTER_CHARTS.find((c) => c.id === id)?.label ?? id;

/** Whether the summary has anything to draw for this chart: every count zero reads as no data. */
export function chartHasData(chart: WebFilterChartId, summary: WebFilterSummary): boolean {
  if (chart === 'requests_over_time') return summary.requests_over_time.buckets.some((b) => b.allow > 0 || b.blocked > 0);
  return summary[chart].buckets.some((b) => b.doc_count > 0);
}
