import { useMemo } from 'react';
import { SimpleGrid } from '@mantine/core';
import type { DemTimeseries } from '@netloom/domain';
import { TimeSeriesChart } from '@/components/charts/time-series-chart';

type Point = DemTimeseries['points'][number];

const pick = (points: readonly Point[], key: Exclude<keyof Point, 'at'>) => points.map((p) => p[key]);

/**
 * An application's window as charts: its score, the page timings (DNS, connect, TLS, first byte,
 * total), the network path (latency, loss) and the endpoints' Wi-Fi signal. Each chart keeps its
 * own error boundary (TimeSeriesChart's), so one that fails leaves the others drawn.
 */
export function ApplicationCharts({ series, timezone }: { series: DemTimeseries; timezone: string | null }) {
  const { points } = series;
  const charts = useMemo(() => {
    const timestamp = points.map((p) => p.at);
    return {
      timestamp,
      score: [pick(points, 'score')],
      timings: [pick(points, 'dns_ms'), pick(points, 'connect_ms'), pick(points, 'tls_ms'), pick(points, 'ttfb_ms'), pick(points, 'total_ms')],
      latency: [pick(points, 'latency_ms')],
      loss: [pick(points, 'loss')],
      wifi: [pick(points, 'wifi_signal_dbm')],
    };
  }, [points]);
  const recordDuration = series.step_seconds >= 86_400 ? 'days' : series.step_seconds >= 3_600 ? 'hours' : 'minutes';
  const common = { timestamp: charts.timestamp, timezone, recordDuration, height: 220 } as const;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <TimeSeriesChart title="Score over time" names={['Score']} series={charts.score} yAxisType="no-suffix" {...common} />
      <TimeSeriesChart
        title="Page timings"
        names={['DNS lookup', 'TCP connect', 'TLS handshake', 'Time to first byte', 'Total']}
        series={charts.timings}
        yAxisType="ms"
        withStats={false}
        {...common}
      />
      <TimeSeriesChart title="Network latency" names={['Latency']} series={charts.latency} yAxisType="ms" {...common} />
      <TimeSeriesChart title="Packet loss (%)" names={['Loss']} series={charts.loss} yAxisType="dropRate" {...common} />
      <TimeSeriesChart title="Wi-Fi signal (dBm)" names={['Signal']} series={charts.wifi} yAxisType="no-suffix" {...common} />
    </SimpleGrid>
  );
}
