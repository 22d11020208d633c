import { format } from 'echarts/core';
import { LEGEND_MAX, truncateName } from '@netloom/domain';
import type { ChartOption } from './echarts-setup';
import { PIE_INSIDE_LABEL_MIN_PERCENT, PIE_PALETTE } from '@netloom/domain';

export interface PieDatum {
  name: string;
  value: number;
}

export interface PieInput {
  data: readonly PieDatum[];
  /** A ring instead of a full disc. */
  donut?: boolean;
  labelPosition?: 'inside' | 'outside';
  palette?: readonly string[];
  /** How a slice's value reads in the tooltip (bytes, counts…). */
  formatValue?: (value: number) => string;
}

/** Slices that can be drawn: negative or non-numeric values have no share of a whole. */
function drawable(data: readonly PieDatum[]): PieDatum[] {
  return data.filter((d) => Number.isFinite(d.value) && d.value >= 0);
}

/** Empty, or every value zero: the chart shows 'No Data'. */
function hasPieData(data: readonly PieDatum[]): boolean {
  return drawable(data).some((d) => d.value > 0);
}

/** The ECharts option of a pie or donut chart, or null when there is nothing to draw. */
export function buildPieOption({ data, donut = false, labelPosition = 'inside', palette = PIE_PALETTE, formatValue = String }: PieInput): ChartOption | null {
  if (!hasPieData(data)) return null;
  const slices = drawable(data);
  const total = slices.reduce((sum, d) => sum + d.value, 0);
  const inside = labelPosition === 'inside';

  return {
    color: [...(palette.length > 0 ? palette : PIE_PALETTE)],
    legend: {
      type: 'scroll',
      bottom: 0,
      formatter: (name: string) => truncateName(name, LEGEND_MAX.pie),
      tooltip: { show: true },
    },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params) => {
        const p = params as { marker?: unknown; name: string; value: number; percent?: number };
        const marker = typeof p.marker === 'string' ? p.marker : '';
        return `${marker}${format.encodeHTML(p.name)}: <b>${format.encodeHTML(formatValue(p.value))}</b> (${p.percent ?? 0}%)`;
      },
    },
    series: [
      {
        type: 'pie',
        radius: donut ? ['45%', '70%'] : '70%',
        center: ['50%', '45%'],
        label: inside
          ? { show: true, position: 'inside', formatter: '{d}%', color: '#fff' }
          : { show: true, position: 'outside', formatter: (p) => truncateName(p.name, LEGEND_MAX.pie) },
        data: slices.map((d) => {
          // A small slice cannot hold its label inside: the label would spill over its neighbours.
          // Compared without dividing, so a slice of exactly 6 % is not lost to rounding.
          const tooSmall = inside && d.value * 100 < PIE_INSIDE_LABEL_MIN_PERCENT * total;
          return tooSmall ? { ...d, label: { show: false }, labelLine: { show: false } } : { ...d };
        }),
      },
    ],
  };
}
