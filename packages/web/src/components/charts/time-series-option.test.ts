import { describe, expect, it } from 'vitest';
import { DEFAULT_LINE_COLORS } from '@netloom/domain';
import type { ChartOption } from './echarts-setup';
import { buildTimeSeriesOption, timeSeriesTooltip, type TimeSeriesInput } from './time-series-option';

const t0 = Date.UTC(2024, 0, 15, 13, 5, 9);
const base: TimeSeriesInput = {
  names: ['Internet Uplink Primary', 'tx'],
  series: [
    [1024, 2048, 3072],
    [512, null, 1536],
  ],
  timestamp: [t0, t0 + 60_000, t0 + 120_000],
  yAxisType: 'bitrate',
  timezone: 'UTC',
};

type Formatter<T> = (value: T) => string;
const build = (input: Partial<TimeSeriesInput> = {}) => buildTimeSeriesOption({ ...base, ...input }) as ChartOption;
const yLabel = (o: ChartOption) => (o.yAxis as { axisLabel: { formatter: Formatter<number> } }).axisLabel.formatter;
const xLabel = (o: ChartOption) => (o.xAxis as { axisLabel: { formatter: Formatter<number> } }).axisLabel.formatter;
const legend = (o: ChartOption) => o.legend as { data: string[]; formatter: Formatter<string> };
const series = (o: ChartOption) => o.series as { type: string; name: string; data: [number, number | null][]; areaStyle?: object }[];

describe('buildTimeSeriesOption', () => {
  it('labels a rate axis (bytes per second) in bits per second, 1000 steps', () => {
    const f = yLabel(build());
    expect([64, 125, 187.5, 125_000, 375_000_000].map(f)).toEqual(['512 bps', '1 Kbps', '1.50 Kbps', '1 Mbps', '3 Gbps']);
  });

  it('labels cpu and dropRate axes in percent with 2 decimals, and other axes in ms', () => {
    expect(yLabel(build({ yAxisType: 'cpu' }))(12.345)).toBe('12.35%');
    expect(yLabel(build({ yAxisType: 'dropRate' }))(0.5)).toBe('0.50%');
    expect(yLabel(build({ yAxisType: 'ms' }))(40)).toBe('40 ms');
    expect(yLabel(build({ yAxisType: undefined }))(40)).toBe('40 ms');
  });

  it('cuts legend names at 15 characters but keeps the full name as the series name', () => {
    const o = build();
    expect(legend(o).formatter('Internet Uplink Primary')).toBe('Internet Uplink...');
    expect(legend(o).formatter('tx')).toBe('tx');
    expect(legend(o).data).toEqual(['Internet Uplink Primary', 'tx']);
    expect(series(o).map((s) => s.name)).toEqual(['Internet Uplink Primary', 'tx']);
  });

  it('uses the 4 default line colours unless the host gives its own', () => {
    expect(build().color).toEqual([...DEFAULT_LINE_COLORS]);
    expect(DEFAULT_LINE_COLORS).toHaveLength(4);
    expect(build({ lineColors: ['#111111', '#222222'] }).color).toEqual(['#111111', '#222222']);
  });

  it('pairs each value with its time, keeping gaps where a sample is missing', () => {
    expect(series(build())[1]!.data).toEqual([
      [t0, 512],
      [t0 + 60_000, null],
      [t0 + 120_000, 1536],
    ]);
  });

  it('accepts ISO timestamps and drops samples whose time is not a date', () => {
    const o = build({ timestamp: [new Date(t0).toISOString(), 'not a date', t0 + 120_000] });
    expect(series(o)[0]!.data).toEqual([
      [t0, 1024],
      [t0 + 120_000, 3072],
    ]);
  });

  it('draws lines, filled areas or bars by chartType', () => {
    expect(series(build({ chartType: 'line' })).map((s) => [s.type, s.areaStyle])).toEqual([
      ['line', undefined],
      ['line', undefined],
    ]);
    expect(series(build({ chartType: 'area' }))[0]!.areaStyle).toBeDefined();
    expect(series(build({ chartType: 'bar' })).map((s) => s.type)).toEqual(['bar', 'bar']);
  });

  it('formats x-axis labels by recordDuration in the user time zone', () => {
    const label = (recordDuration: TimeSeriesInput['recordDuration'], timezone = 'UTC') => xLabel(build({ recordDuration, timezone }))(t0);
    expect(label('seconds')).toBe('13:05:09');
    expect(label('minutes')).toBe('13:05');
    expect(label('hours')).toBe('15 Jan 13:05');
    expect(label('days')).toBe('15 Jan');
    expect(label('months')).toBe('Jan 24');
    expect(label('years')).toBe('2024');
    expect(label('minutes', 'Asia/Kolkata')).toBe('18:35');
  });

  it('names series that come without a name', () => {
    expect(series(build({ names: ['rx'] })).map((s) => s.name)).toEqual(['rx', 'Series 2']);
  });

  it('has nothing to draw for empty inputs, only gaps, or no valid time', () => {
    expect(buildTimeSeriesOption({ names: [], series: [], timestamp: [] })).toBeNull();
    expect(build({ series: [[null, null, null], []] })).toBeNull();
    expect(build({ timestamp: ['x', 'y', 'z'] })).toBeNull();
  });
});

describe('timeSeriesTooltip', () => {
  it('shows the time and each series with 3 decimals for cpu, escaping names', () => {
    const html = timeSeriesTooltip(
      [
        { marker: '<i></i>', seriesName: 'core <0>', value: [t0, 12.3456] },
        { marker: '<i></i>', seriesName: 'core 1', value: [t0, null] },
      ],
      'cpu',
      'UTC',
    );
    expect(html).toBe('15 Jan 24, 01:05:09<br/><i></i>core &lt;0&gt;: <b>12.346%</b><br/><i></i>core 1: <b>-</b>');
  });

  it('shows rates in bits per second', () => {
    expect(timeSeriesTooltip([{ seriesName: 'rx', value: [t0, 2000] }], 'bitrate', 'UTC')).toContain('rx: <b>16 Kbps</b>');
  });
});
