import { formatDate, type WafSummary } from '@netloom/domain';
import type { ChartOption } from '@/components/charts/echarts-setup';

const label = (at: string, timezone: string | null) => (Number.isNaN(Date.parse(at)) ? at : formatDate(at, { timezone, format: 'DD MMM HH:mm' }));

/** Attacks per bucket, blocked over detected over the rest, so each bar is the bucket's attacks. */
export function attacksOverTimeOption(series: WafSummary['series'], timezone: string | null): ChartOption {
  return {
    color: ['#e03131', '#f08c00', '#868e96'],
    grid: { left: 8, right: 24, top: 32, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    legend: { top: 0, data: ['Blocked', 'Detected', 'Other'] },
    tooltip: { trigger: 'axis', confine: true, axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: series.map((b) => label(b.at, timezone)), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: 'Attacks', minInterval: 1 },
    series: [
      { type: 'bar', name: 'Blocked', stack: 'attacks', data: series.map((b) => b.blocked) },
      { type: 'bar', name: 'Detected', stack: 'attacks', data: series.map((b) => b.detected) },
      { type: 'bar', name: 'Other', stack: 'attacks', data: series.map((b) => b.other) },
    ],
  };
}

/** When the DDoS and rate limits fired, per bucket. */
export function limitsFiredOption(rows: WafSummary['limits_fired'], timezone: string | null): ChartOption {
  return {
    color: ['#fd7e14'],
    grid: { left: 8, right: 24, top: 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: { type: 'category', data: rows.map((r) => label(r.at, timezone)), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: 'Requests limited', minInterval: 1 },
    series: [{ type: 'bar', name: 'Limited', data: rows.map((r) => r.count) }],
  };
}
