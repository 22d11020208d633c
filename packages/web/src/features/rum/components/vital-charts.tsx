import { useMemo } from 'react';
import { Grid, Paper } from '@mantine/core';
import { TOOLTIP_THROTTLE_MS, VITAL_THRESHOLDS, type VitalName } from '@netloom/domain';
import { ChartErrorBoundary } from '@/components/charts/chart-error-boundary';
import { ChartFrame } from '@/components/charts/chart-frame';
import { ChartNoData } from '@/components/charts/chart-no-data';
import { EChart } from '@/components/charts/echart';
import type { ChartOption } from '@/components/charts/echarts-setup';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { useCurrentUser } from '@/lib/session/session-store';
import { useRumTimeseries, type RumPageQuery } from '@/features/rum/api/get-rum-analytics';
import { goodShareOption, vitalOverTimeOption } from './vital-chart-option';

function Chart({ title, empty, option, height }: { title: string; empty: boolean; option: ChartOption; height: number }) {
  return (
    <ChartErrorBoundary title={title} height={height}>
      <ChartFrame title={title}>
        {empty ? <ChartNoData height={height} /> : <EChart option={option} height={height} ariaLabel={title} tooltipThrottleMs={TOOLTIP_THROTTLE_MS} />}
      </ChartFrame>
    </ChartErrorBoundary>
  );
}

/** The chosen vital's p75 over the window against its thresholds, and the share of good samples. */
export function VitalCharts({ query, vital }: { query: RumPageQuery; vital: VitalName }) {
  const timezone = useCurrentUser()?.timezone ?? null;
  const series = useRumTimeseries(query, vital);
  const data = series.data;
  const p75 = useMemo(() => (data ? vitalOverTimeOption(vital, data, VITAL_THRESHOLDS[vital], timezone) : null), [data, vital, timezone]);
  const good = useMemo(() => (data ? goodShareOption(data, timezone) : null), [data, timezone]);
  if (series.isError) return <ErrorPanel onRetry={() => void series.refetch()} />;
  if (!data || !p75 || !good) return <CardSkeleton height={280} />;
  const empty = data.points.every((p) => p.samples === 0);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper withBorder p="md">
          <Chart title={`${vital} p75 over time`} empty={empty} option={p75} height={260} />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper withBorder p="md">
          <Chart title={`Good ${vital} samples`} empty={empty} option={good} height={260} />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
