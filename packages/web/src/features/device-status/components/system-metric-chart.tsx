import { useMemo } from 'react';
import type { SystemMetrics } from '@netloom/domain';
import { TimeSeriesChart } from '@/components/charts/time-series-chart';

export type SystemMetric = 'cpu' | 'memory';

const CHARTS: Record<SystemMetric, { title: string; names: string[]; field: 'cpu_pct' | 'memory_pct' }> = {
  cpu: { title: 'CPU usage', names: ['CPU'], field: 'cpu_pct' },
  memory: { title: 'Memory usage', names: ['Memory'], field: 'memory_pct' },
};

const byTime = (a: { at: string }, b: { at: string }) => Date.parse(a.at) - Date.parse(b.at);

/**
 * CPU or memory of the gateway in percent over the window. Memory here is a share of the box's
 * RAM, so it takes the percent axis ('cpu'), not the spec's 'memory' axis, which is a byte rate.
 */
export function SystemMetricChart({ metric, points, timezone }: { metric: SystemMetric; points: SystemMetrics; timezone: string | null }) {
  const { title, names, field } = CHARTS[metric];
  const sorted = useMemo(() => points.slice().sort(byTime), [points]);
  const series = useMemo(() => [sorted.map((p) => p[field])], [sorted, field]);
  const timestamp = useMemo(() => sorted.map((p) => p.at), [sorted]);
  return <TimeSeriesChart title={title} names={names} series={series} timestamp={timestamp} yAxisType="cpu" timezone={timezone} />;
}
