import { Box } from '@mantine/core';
import type { ChartOption } from './echarts-setup';
import { useECharts, type UseEChartsOptions } from './use-echarts';

export interface EChartProps extends UseEChartsOptions {
  option: ChartOption;
  height: number | string;
  width?: number | string;
  /** What the chart shows, for screen readers: the canvas itself says nothing. */
  ariaLabel: string;
}

/** A div that ECharts draws into. Pass a memoised `option`: each new object redraws the chart. */
export function EChart({ option, height, width = '100%', ariaLabel, tooltipThrottleMs, onItemClick }: EChartProps) {
  const { ref } = useECharts(option, { tooltipThrottleMs, onItemClick });
  return <Box ref={ref} role="img" aria-label={ariaLabel} h={height} w={width} data-testid="echart" />;
}
