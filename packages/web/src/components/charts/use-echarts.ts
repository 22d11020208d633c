import { useEffect, useRef } from 'react';
import { canvasSupported } from './canvas-support';
import { init, type ChartOption, type EChartsType } from './echarts-setup';
import { attachThrottledTooltip, tooltipTrigger, withManualTooltip } from './throttled-tooltip';

export interface UseEChartsOptions {
  /**
   * Show the tooltip at most once per this many ms while the pointer moves (spec: 1 s), so a
   * chart refreshed by live data is not redrawn on every mouse event. 0 leaves ECharts' own
   * immediate tooltip.
   */
  tooltipThrottleMs?: number;
  /** A click on a data item (a bar, a slice): what it names, for a chart that drills down. */
  onItemClick?: (item: ChartItemClick) => void;
}

/** The parts of ECharts' click event a drill-down reads. */
export interface ChartItemClick {
  /** The category (bar) or slice name. */
  name: string;
  /** The series of a stacked segment. */
  seriesName?: string;
  dataIndex: number;
}

/**
 * Binds an ECharts instance to the returned div ref: created on mount (canvas renderer),
 * resized with its container, fed `option` whenever it changes, disposed on unmount.
 * Where there is no canvas (jsdom) nothing is initialised and the div stays empty.
 */
export function useECharts(option: ChartOption, { tooltipThrottleMs = 0, onItemClick }: UseEChartsOptions = {}) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  // Read by the pointer listeners at event time, so they need not be re-attached per option.
  const optionRef = useRef(option);
  const clickRef = useRef(onItemClick);
  useEffect(() => {
    clickRef.current = onItemClick;
  }, [onItemClick]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !canvasSupported()) return;
    const chart = init(el, undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    const detach = tooltipThrottleMs > 0 ? attachThrottledTooltip(chart, tooltipThrottleMs, () => tooltipTrigger(optionRef.current)) : undefined;
    // The handler is read at click time, so a new callback per render does not re-bind it.
    chart.on('click', (e) => {
      if (e.componentType !== 'series' || typeof e.dataIndex !== 'number') return;
      clickRef.current?.({ name: e.name, seriesName: e.seriesName, dataIndex: e.dataIndex });
    });
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
    optionRef.current = option;
    // notMerge: a series that disappeared from the data must disappear from the chart.
    chartRef.current?.setOption(tooltipThrottleMs > 0 ? withManualTooltip(option) : option, { notMerge: true });
  }, [option, tooltipThrottleMs]);

  return { ref, chartRef };
}
