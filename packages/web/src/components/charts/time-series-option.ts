import { format } from 'echarts/core';
import { LEGEND_MAX, formatAxisValue, formatDate, truncateName, type AxisType } from '@netloom/domain';
import type { ChartOption } from './echarts-setup';
import { DEFAULT_LINE_COLORS } from '@netloom/domain';
import type { SeriesValue } from '@netloom/domain';
import { formatTimeAxisLabel, toEpochMs, type RecordDuration } from './time-axis-format';

type TimeSeriesChartType = 'line' | 'area' | 'bar';

/** The time-series chart inputs of spec 001 §3 (the title is drawn by the component). */
export interface TimeSeriesInput {
  /** One name per series, in the order of `series`. */
  names: readonly string[];
  /** One array of values per series, aligned index by index with `timestamp`. */
  series: readonly (readonly SeriesValue[])[];
  /** Epoch milliseconds or ISO strings. */
  timestamp: readonly (number | string)[];
  yAxisType?: AxisType;
  recordDuration?: RecordDuration;
  chartType?: TimeSeriesChartType;
  lineColors?: readonly string[];
  /** The user's time zone; the browser's when missing. */
  timezone?: string | null;
}

// The spec formats every axis that is not a rate, cpu or dropRate as milliseconds.
export const DEFAULT_Y_AXIS_TYPE: AxisType = 'ms';

type Point = [number, number | null];

function seriesPoints(values: readonly SeriesValue[] | undefined, times: readonly (number | null)[]): Point[] {
  const points: Point[] = [];
  times.forEach((t, i) => {
    if (t === null) return;
    const v = values?.[i];
    // null keeps a gap in the line where the device did not report.
    points.push([t, typeof v === 'number' && Number.isFinite(v) ? v : null]);
  });
  return points;
}

/** Whether there is at least one value at a valid time: otherwise the chart shows 'No Data'. */
function hasTimeSeriesData({ series, timestamp }: Pick<TimeSeriesInput, 'series' | 'timestamp'>): boolean {
  return timestamp.some((t, i) => toEpochMs(t) !== null && series.some((s) => typeof s[i] === 'number' && Number.isFinite(s[i])));
}

interface AxisTooltipParam {
  marker?: unknown;
  seriesName?: string;
  value?: unknown;
}

export function timeSeriesTooltip(params: AxisTooltipParam | AxisTooltipParam[], yAxisType: AxisType, timezone?: string | null): string {
  const list = Array.isArray(params) ? params : [params];
  const first = list[0]?.value;
  const header = Array.isArray(first) ? formatDate(first[0] as number, { timezone }) : '';
  const rows = list.map((p) => {
    const v = Array.isArray(p.value) ? p.value[1] : p.value;
    const shown = typeof v === 'number' && Number.isFinite(v) ? formatAxisValue(v, yAxisType, 'tooltip') : '-';
    const marker = typeof p.marker === 'string' ? p.marker : '';
    return `${marker}${format.encodeHTML(p.seriesName ?? '')}: <b>${format.encodeHTML(shown)}</b>`;
  });
  return [format.encodeHTML(header), ...rows].join('<br/>');
}

/** The ECharts option of a time-series chart, or null when there is nothing to draw. */
export function buildTimeSeriesOption(input: TimeSeriesInput): ChartOption | null {
  if (!hasTimeSeriesData(input)) return null;
  const {
    names,
    series,
    timestamp,
    yAxisType = DEFAULT_Y_AXIS_TYPE,
    recordDuration = 'minutes',
    chartType = 'line',
    lineColors = DEFAULT_LINE_COLORS,
    timezone,
  } = input;
  const times = timestamp.map(toEpochMs);
  const count = Math.max(names.length, series.length);
  const seriesNames = Array.from({ length: count }, (_, i) => names[i] ?? `Series ${i + 1}`);

  return {
    color: [...(lineColors.length > 0 ? lineColors : DEFAULT_LINE_COLORS)],
    // Room on the right for a time label centred on the last tick, which the axis-label bounds do not reserve.
    grid: { left: 8, right: 40, top: 36, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    legend: {
      type: 'scroll',
      top: 0,
      data: seriesNames,
      formatter: (name: string) => truncateName(name, LEGEND_MAX.timeSeries),
      // The legend shows cut names; hovering one shows it whole.
      tooltip: { show: true },
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params) => timeSeriesTooltip(params as AxisTooltipParam[], yAxisType, timezone),
    },
    xAxis: {
      type: 'time',
      axisLabel: {
        hideOverlap: true,
        formatter: (value: number) => formatTimeAxisLabel(value, recordDuration, timezone),
      },
    },
    yAxis: {
      type: 'value',
      axisLabel: { formatter: (value: number) => formatAxisValue(value, yAxisType, 'axis') },
    },
    series: seriesNames.map((name, i) =>
      chartType === 'bar'
        ? { type: 'bar' as const, name, data: seriesPoints(series[i], times) }
        : {
            type: 'line' as const,
            name,
            data: seriesPoints(series[i], times),
            showSymbol: false,
            areaStyle: chartType === 'area' ? { opacity: 0.2 } : undefined,
          },
    ),
  };
}
