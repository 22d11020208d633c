import type { ChartOption } from '@/components/charts/echarts-setup';
import { ChartErrorBoundary } from '@/components/charts/chart-error-boundary';
import { ChartFrame } from '@/components/charts/chart-frame';
import { ChartNoData } from '@/components/charts/chart-no-data';
import { EChart } from '@/components/charts/echart';
import { TOOLTIP_THROTTLE_MS } from '@netloom/domain';

/** A chart of the overview inside its own error boundary; 'No Data' when nothing was detected. Pass a memoised option. */
export function ChartPanel({ title, empty, option, height = 260 }: { title: string; empty: boolean; option: ChartOption; height?: number }) {
  return (
    <ChartErrorBoundary title={title} height={height}>
      <ChartFrame title={title}>
        {empty ? <ChartNoData height={height} /> : <EChart option={option} height={height} ariaLabel={title} tooltipThrottleMs={TOOLTIP_THROTTLE_MS} />}
      </ChartFrame>
    </ChartErrorBoundary>
  );
}
