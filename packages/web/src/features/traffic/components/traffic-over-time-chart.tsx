import { useMemo } from 'react';
import type { TrafficAnswer } from '@netloom/domain';
import { TimeSeriesChart } from '@/components/charts/time-series-chart';
import { rowLabel } from './row-label';
import { axisDuration, toRates } from './traffic-series';

interface TrafficOverTimeChartProps {
  answer: TrafficAnswer;
  title: string;
  timezone: string | null;
}

/** Each ranked key's traffic over the window, stacked, as a rate (the monitor graphs' bit-rate axis). */
export function TrafficOverTimeChart({ answer, title, timezone }: TrafficOverTimeChartProps) {
  const labels = useMemo(() => new Map(answer.results.map((r) => [r.key, rowLabel(r)])), [answer.results]);
  const rates = useMemo(() => toRates(answer, (s) => [{ name: labels.get(s.key) ?? s.key, values: s.values }]), [answer, labels]);
  return (
    <TimeSeriesChart
      title={title}
      names={rates.names}
      series={rates.values}
      timestamp={rates.timestamp}
      yAxisType="bitrate"
      chartType="area"
      recordDuration={axisDuration(answer)}
      timezone={timezone}
      height={300}
    />
  );
}
