import { useMemo } from 'react';
import { Center, Text } from '@mantine/core';
import { NO_TRAFFIC_DATA_TEXT, TOOLTIP_THROTTLE_MS, type TrafficChartId, type TrafficRow } from '@netloom/domain';
import { ChartErrorBoundary } from '@/components/charts/chart-error-boundary';
import { EChart } from '@/components/charts/echart';
import type { ChartItemClick } from '@/components/charts/use-echarts';
import { barsSummary, drillTarget, topTrafficBars, type DrillTarget } from './top-traffic-bars';
import { buildTopTrafficOption } from './top-traffic-option';

interface TopTrafficChartProps {
  chart: TrafficChartId;
  rows: readonly TrafficRow[];
  height: number;
  /** A bar (or a stacked segment) was clicked; 'Other' opens nothing. Without it the bars open nothing. */
  onDrill?: ((target: DrillTarget) => void) | undefined;
}

function TopTrafficChartBody({ chart, rows, height, onDrill }: TopTrafficChartProps) {
  const bars = useMemo(() => topTrafficBars(chart, rows), [chart, rows]);
  const option = useMemo(() => buildTopTrafficOption(bars), [bars]);
  const onItemClick = onDrill
    ? (item: ChartItemClick) => {
        const target = drillTarget(chart, bars, item.dataIndex, item.seriesName);
        if (target) onDrill(target);
      }
    : undefined;
  if (rows.every((r) => r.value <= 0)) {
    return (
      <Center h={height}>
        <Text c="dimmed" size="sm">
          {NO_TRAFFIC_DATA_TEXT}
        </Text>
      </Center>
    );
  }
  return <EChart option={option} height={height} ariaLabel={barsSummary(chart, bars)} tooltipThrottleMs={TOOLTIP_THROTTLE_MS} onItemClick={onItemClick} />;
}

/** The top-traffic panel's bars; a drawing failure stays inside the panel. */
export function TopTrafficChart(props: TopTrafficChartProps) {
  return (
    <ChartErrorBoundary height={props.height}>
      <TopTrafficChartBody {...props} />
    </ChartErrorBoundary>
  );
}
