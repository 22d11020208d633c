import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import type { AxisType, InterfaceMetrics, SeriesValue } from '@netloom/domain';
import { TimeSeriesChart } from '@/components/charts/time-series-chart';
import { wanChartData, type WanChartData } from './wan-series';

/** What an SLA graph tab compares: one WAN's figures, or one figure across every WAN. */
export type SlaChartView = 'single' | 'ping' | 'compare' | 'jitter';

interface SlaChartsProps {
  view: SlaChartView;
  metrics: readonly InterfaceMetrics[];
  timezone: string | null;
}

/** The SLA graph tabs (spec 000 §2.15 slastatus): latency and jitter in ms, loss in percent. */
export function SlaCharts({ view, metrics, timezone }: SlaChartsProps) {
  const data = useMemo(() => wanChartData(metrics), [metrics]);
  if (view === 'single') return <SingleWanCharts data={data} timezone={timezone} />;
  const across = (title: string, series: SeriesValue[][], yAxisType: AxisType) => (
    <TimeSeriesChart title={title} names={data.names} series={series} timestamp={data.timestamp} yAxisType={yAxisType} timezone={timezone} />
  );
  if (view === 'ping') return across('Latency of each WAN', data.latencyMs, 'ms');
  if (view === 'jitter') return across('Jitter comparison', data.jitterMs, 'ms');
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {across('Latency comparison', data.latencyMs, 'ms')}
      {across('Loss comparison', data.lossPct, 'dropRate')}
    </SimpleGrid>
  );
}

const NAMES = { latency: ['Latency'], jitter: ['Jitter'], loss: ['Loss'] };

/** One WAN, picked from those that reported; the choice goes into `?wan=` so a link keeps it. */
function SingleWanCharts({ data, timezone }: { data: WanChartData; timezone: string | null }) {
  const [params, setParams] = useSearchParams();
  const asked = data.names.indexOf(params.get('wan') ?? '');
  const index = asked >= 0 ? asked : 0;
  const wan = data.names[index];
  const series = useMemo(
    () => ({ latency: [data.latencyMs[index] ?? []], jitter: [data.jitterMs[index] ?? []], loss: [data.lossPct[index] ?? []] }),
    [data, index],
  );
  const pick = (ifname: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (ifname) next.set('wan', ifname);
      return next;
    });
  const chart = (figure: keyof typeof NAMES, yAxisType: AxisType) => (
    <TimeSeriesChart
      title={wan ? `${NAMES[figure][0]} · ${wan}` : NAMES[figure][0]}
      names={NAMES[figure]}
      series={series[figure]}
      timestamp={data.timestamp}
      yAxisType={yAxisType}
      timezone={timezone}
    />
  );
  return (
    <Stack gap="md">
      <Select label="WAN" w={240} data={data.names} value={wan ?? null} onChange={pick} allowDeselect={false} />
      {chart('latency', 'ms')}
      {chart('jitter', 'ms')}
      {chart('loss', 'dropRate')}
    </Stack>
  );
}
