import { formatDate, type RumTimeseries, type VitalName, type VitalThresholds } from '@netloom/domain';
import type { ChartOption } from '@/components/charts/echarts-setup';
import { formatVital } from './vital-format';

const label = (at: string, timezone: string | null) => formatDate(at, { timezone, format: 'DD MMM HH:mm' });

/**
 * A vital's p75 over time, over three stacked bands drawn from Google's thresholds: good (green),
 * needs improvement (amber) and poor (red), up to a little above the highest point so the line
 * always sits inside them.
 */
export function vitalOverTimeOption(name: VitalName, series: RumTimeseries, thresholds: VitalThresholds, timezone: string | null): ChartOption {
  const top = Math.max(thresholds.poor * 1.5, ...series.points.map((p) => (p.p75 ?? 0) * 1.1));
  const band = (n: string, value: number, color: string) => ({
    type: 'line' as const,
    name: n,
    // The legend's swatch is the series' colour: the band's own.
    color,
    stack: 'bands',
    symbol: 'none',
    silent: true,
    lineStyle: { width: 0 },
    areaStyle: { color, opacity: 0.12 },
    tooltip: { show: false },
    data: series.points.map(() => value),
  });
  return {
    grid: { left: 8, right: 24, top: 32, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    legend: { top: 0, data: ['p75', 'Good', 'Needs improvement', 'Poor'] },
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (v) => (typeof v === 'number' ? formatVital(name, v) : '—'),
    },
    xAxis: { type: 'category', boundaryGap: false, data: series.points.map((p) => label(p.at, timezone)), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: `${name} p75`, max: top, axisLabel: { formatter: (v: number) => formatVital(name, v) } },
    series: [
      band('Good', thresholds.good, '#2f9e44'),
      band('Needs improvement', thresholds.poor - thresholds.good, '#f08c00'),
      band('Poor', top - thresholds.poor, '#e03131'),
      {
        type: 'line',
        name: 'p75',
        color: '#1c7ed6',
        connectNulls: false,
        showSymbol: series.points.length < 60,
        data: series.points.map((p) => p.p75),
      },
    ],
  };
}

/** The share of samples rated good, per bucket (0–100%). */
export function goodShareOption(series: RumTimeseries, timezone: string | null): ChartOption {
  return {
    color: ['#2f9e44'],
    grid: { left: 8, right: 24, top: 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: { trigger: 'axis', confine: true, valueFormatter: (v) => (typeof v === 'number' ? `${v.toFixed(1)}%` : '—') },
    xAxis: { type: 'category', data: series.points.map((p) => label(p.at, timezone)), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: 'Good', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [{ type: 'bar', name: 'Good', data: series.points.map((p) => (p.good_share === null ? null : Math.round(p.good_share * 1000) / 10)) }],
  };
}
