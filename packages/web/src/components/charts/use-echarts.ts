import { useEffect, useRef } from 'react';
import { canvasSupported } from './canvas-support';
import { init, throttle, type ChartOption, type EChartsType } from './echarts-setup';

export interface UseEChartsOptions {
  /**
   * Show the tooltip at most once per this many ms while the pointer moves (spec: 1 s), so a
   * chart refreshed by live data is not redrawn on every mouse event. 0 leaves ECharts' own
   * immediate tooltip.
   */
  tooltipThrottleMs?: number;
}

/** ECharts has no tooltip throttle: the tooltip is shown by hand from a throttled listener. */
export function withManualTooltip(option: ChartOption): ChartOption {
  const tooltip = option.tooltip;
  if (!tooltip || Array.isArray(tooltip)) return option;
  return { ...option, tooltip: { ...tooltip, triggerOn: 'none' } };
}

function attachThrottledTooltip(chart: EChartsType, ms: number): () => void {
  const zr = chart.getZr();
  const show = throttle((...args: unknown[]) => {
    const [x, y] = args as [number, number];
    chart.dispatchAction({ type: 'showTip', x, y });
  }, ms);
  const onMove = (e: { offsetX: number; offsetY: number }) => show(e.offsetX, e.offsetY);
  const onOut = () => {
    // A trailing call still pending would bring the tooltip back after the pointer left.
    show.clear();
    chart.dispatchAction({ type: 'hideTip' });
  };
  zr.on('mousemove', onMove);
  zr.on('globalout', onOut);
  return () => {
    show.clear();
    zr.off('mousemove', onMove);
    zr.off('globalout', onOut);
  };
}

/**
 * Binds an ECharts instance to the returned div ref: created on mount (canvas renderer),
 * resized with its container, fed `option` whenever it changes, disposed on unmount.
 * Where there is no canvas (jsdom) nothing is initialised and the div stays empty.
 */
export function useECharts(option: ChartOption, { tooltipThrottleMs = 0 }: UseEChartsOptions = {}) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || !canvasSupported()) return;
    const chart = init(el, undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    const detach = tooltipThrottleMs > 0 ? attachThrottledTooltip(chart, tooltipThrottleMs) : undefined;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      detach?.();
      chart.dispose();
      chartRef.current = null;
    };
  }, [tooltipThrottleMs]);

  useEffect(() => {
    // notMerge: a series that disappeared from the data must disappear from the chart.
    chartRef.current?.setOption(tooltipThrottleMs > 0 ? withManualTooltip(option) : option, { notMerge: true });
  }, [option, tooltipThrottleMs]);

  return { ref, chartRef };
}
