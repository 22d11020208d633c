import { useMemo } from 'react';
import { ChartErrorBoundary } from './chart-error-boundary';
import { ChartFrame } from './chart-frame';
import { ChartNoData } from './chart-no-data';
import { TOOLTIP_THROTTLE_MS } from '@netloom/domain';
import { EChart } from './echart';
import { buildPieOption, type PieInput } from './pie-option';

export interface PieChartProps extends PieInput {
  title?: string;
  height?: number | string;
}

function PieChartBody({ title, height = 260, data, donut, labelPosition, palette, formatValue }: PieChartProps) {
  const option = useMemo(() => buildPieOption({ data, donut, labelPosition, palette, formatValue }), [data, donut, labelPosition, palette, formatValue]);
  return (
    <ChartFrame title={title}>
      {option ? (
        <EChart option={option} height={height} ariaLabel={title ?? (donut ? 'Donut chart' : 'Pie chart')} tooltipThrottleMs={TOOLTIP_THROTTLE_MS} />
      ) : (
        <ChartNoData height={height} />
      )}
    </ChartFrame>
  );
}

/** Pie or donut chart of spec 000 §2.18; a failure stays inside its frame. */
export function PieChart(props: PieChartProps) {
  return (
    <ChartErrorBoundary title={props.title} height={props.height}>
      <PieChartBody {...props} />
    </ChartErrorBoundary>
  );
}
