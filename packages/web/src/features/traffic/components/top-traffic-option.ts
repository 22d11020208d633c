import { format } from 'echarts/core';
import { bytesToMegabytes, PIE_PALETTE, shortDeviceLabel } from '@netloom/domain';
import type { ChartOption } from '@/components/charts/echarts-setup';
import { formatMegabytes } from './row-label';
import { TRAFFIC_SERIES, type TopTrafficBars } from './top-traffic-bars';

/** Bar names are cut here on the axis; the tooltip shows them whole. */
const AXIS_LABEL_MAX = 24;

interface ItemTooltipParam {
  marker?: unknown;
  name: string;
  seriesName?: string;
  dataIndex: number;
}

/**
 * Horizontal bars, largest at the top, megabytes (1e6) along the axis (spec 000 §9); the stacked
 * charts get a legend of their segments.
 */
export function buildTopTrafficOption(bars: TopTrafficBars): ChartOption {
  const stacked = bars.series.length > 1 || bars.series[0]?.name !== TRAFFIC_SERIES;
  return {
    color: [...PIE_PALETTE],
    grid: { left: 8, right: 24, top: stacked ? 32 : 8, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    legend: stacked ? { type: 'scroll', top: 0, tooltip: { show: true } } : undefined,
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params) => {
        const p = params as ItemTooltipParam;
        const bytes = bars.series.find((s) => s.name === p.seriesName)?.bytes[p.dataIndex] ?? 0;
        const marker = typeof p.marker === 'string' ? p.marker : '';
        const what = stacked ? `${format.encodeHTML(p.name)} · ${format.encodeHTML(p.seriesName ?? '')}` : format.encodeHTML(p.name);
        return `${marker}${what}: <b>${formatMegabytes(bytes)}</b>`;
      },
    },
    xAxis: { type: 'value', name: 'MB', axisLabel: { formatter: (v: number) => `${v}` } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: bars.labels,
      axisLabel: { formatter: (name: string, index: number) => shortDeviceLabel(name, bars.rows[index]?.device_serial, AXIS_LABEL_MAX) },
    },
    series: bars.series.map((s) => ({
      type: 'bar' as const,
      name: s.name,
      stack: stacked ? 'total' : undefined,
      barMaxWidth: 28,
      // One colour per bar when nothing stacks, so neighbours stay apart.
      colorBy: stacked ? ('series' as const) : ('data' as const),
      data: s.bytes.map(bytesToMegabytes),
    })),
  };
}
