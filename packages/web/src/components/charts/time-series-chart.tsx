import { useMemo } from 'react';
import { ChartErrorBoundary } from './chart-error-boundary';
import { ChartFrame } from './chart-frame';
import { ChartNoData } from './chart-no-data';
import { DEFAULT_LINE_COLORS, TOOLTIP_THROTTLE_MS } from '@netloom/domain';
import { EChart } from './echart';
import { SeriesStatsTable } from './series-stats-table';
import { DEFAULT_Y_AXIS_TYPE, buildTimeSeriesOption, type TimeSeriesInput } from './time-series-option';

export interface TimeSeriesChartProps extends TimeSeriesInput {
  title?: string;
  height?: number | string;
  /** The min/max/average/current table under the chart; on by default. */
  withStats?: boolean;
}

function TimeSeriesChartBody({ title, height = 260, withStats = true, ...input }: TimeSeriesChartProps) {
  const { names, series, timestamp, yAxisType, recordDuration, chartType, lineColors, timezone } = input;
  // Rebuilt only when an input changes: a new option object redraws the canvas.
  const option = useMemo(
    () => buildTimeSeriesOption({ names, series, timestamp, yAxisType, recordDuration, chartType, lineColors, timezone }),
    [names, series, timestamp, yAxisType, recordDuration, chartType, lineColors, timezone],
  );
  return (
    <ChartFrame title={title}>
      {option ? (
        <>
          <EChart option={option} height={height} ariaLabel={title ?? 'Time-series chart'} tooltipThrottleMs={TOOLTIP_THROTTLE_MS} />
          {withStats && (
            <SeriesStatsTable
              names={names}
              series={series}
              yAxisType={yAxisType ?? DEFAULT_Y_AXIS_TYPE}
              colors={lineColors && lineColors.length > 0 ? lineColors : DEFAULT_LINE_COLORS}
            />
          )}
        </>
      ) : (
        <ChartNoData height={height} />
      )}
    </ChartFrame>
  );
}

/** Time-series chart of spec 000 §2.18 with its stats table; a failure stays inside its frame. */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <ChartErrorBoundary title={props.title} height={props.height}>
      <TimeSeriesChartBody {...props} />
    </ChartErrorBoundary>
  );
}
