import { format } from 'echarts/core';
import { PIE_PALETTE, truncateName } from '@netloom/domain';
import type { ChartOption } from '@/components/charts/echarts-setup';

/** Bar names are cut here on the axis; the tooltip and the keys table show them whole. */
const AXIS_LABEL_MAX = 28;

export interface Bucket {
  key: string;
  doc_count: number;
}

/** Horizontal bars of request counts, largest at the top; a single colour per chart keeps the ranking easy to read. */
export function buildBucketBarsOption(buckets: readonly Bucket[], color: string = PIE_PALETTE[0]): ChartOption {
  return {
    color: [color],
    grid: { left: 8, right: 24, top: 8, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params) => {
        const p = params as { marker?: unknown; name: string; value: number };
        const marker = typeof p.marker === 'string' ? p.marker : '';
        return `${marker}${format.encodeHTML(p.name)}: <b>${p.value.toLocaleString()}</b> requests`;
      },
    },
    // The keys table under the chart names the unit; an axis name would be cut at the right edge.
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: buckets.map((b) => b.key),
      axisLabel: { formatter: (name: string) => truncateName(name, AXIS_LABEL_MAX) },
    },
    series: [{ type: 'bar', name: 'Requests', barMaxWidth: 28, data: buckets.map((b) => b.doc_count) }],
  };
}
