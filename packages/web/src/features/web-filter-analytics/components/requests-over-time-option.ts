import { formatDate, type WebFilterSummary } from '@netloom/domain';
import type { ChartOption } from '@/components/charts/echarts-setup';
import { ACTION_COLORS } from './action-colors';

type OverTime = WebFilterSummary['requests_over_time']['buckets'];

/** A bucket's time as the user reads it; a key that is not a date is shown as the server wrote it. */
function bucketLabel(key: string, timezone: string | null): string {
  return Number.isNaN(Date.parse(key)) ? key : formatDate(key, { timezone, format: 'DD MMM HH:mm' });
}

/** Allowed and blocked requests per bucket, stacked, so each bar is the bucket's whole traffic. */
export function buildRequestsOverTimeOption(buckets: OverTime, timezone: string | null): ChartOption {
  return {
    color: [ACTION_COLORS.allowed, ACTION_COLORS.blocked],
    grid: { left: 8, right: 24, top: 32, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    legend: { top: 0, data: ['Allowed', 'Blocked'] },
    tooltip: { trigger: 'axis', confine: true, axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: buckets.map((b) => bucketLabel(b.key_as_string, timezone)), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: 'Requests', minInterval: 1 },
    series: [
      { type: 'bar', name: 'Allowed', stack: 'requests', data: buckets.map((b) => b.allow) },
      { type: 'bar', name: 'Blocked', stack: 'requests', data: buckets.map((b) => b.blocked) },
    ],
  };
}
