import type { ECElementEvent } from 'echarts/core';
import { throttle, type ChartOption, type EChartsType } from './echarts-setup';

type Trigger = 'axis' | 'item' | 'none' | undefined;

/** ECharts has no tooltip throttle: the tooltip is switched to manual and shown by the hook. */
export function withManualTooltip(option: ChartOption): ChartOption {
  const tooltip = option.tooltip;
  if (!tooltip || Array.isArray(tooltip)) return option;
  return { ...option, tooltip: { ...tooltip, triggerOn: 'none' } };
}

export function tooltipTrigger(option: ChartOption): Trigger {
  const tooltip = option.tooltip;
  return tooltip && !Array.isArray(tooltip) ? (tooltip as { trigger?: Trigger }).trigger : undefined;
}

/**
 * Shows the tooltip from pointer moves at most once per `ms` (the latest position wins).
 * Axis tooltips are asked for at the pointer; item tooltips (pie slices) for the hovered item,
 * because a point-only request makes ECharts look for an axis, find none and hide the tooltip.
 */
export function attachThrottledTooltip(chart: EChartsType, ms: number, trigger: () => Trigger): () => void {
  const zr = chart.getZr();
  const show = throttle((...args: unknown[]) => chart.dispatchAction({ type: 'showTip', ...(args[0] as object) }), ms);
  const hide = () => {
    // A trailing call still pending would bring the tooltip back after the pointer left.
    show.clear();
    chart.dispatchAction({ type: 'hideTip' });
  };
  const onPointer = (e: { offsetX: number; offsetY: number }) => {
    if (trigger() === 'axis') show({ x: e.offsetX, y: e.offsetY });
  };
  const onItem = (e: ECElementEvent) => {
    if (trigger() !== 'item' || e.seriesIndex === undefined) return;
    const at = e.event ? [e.event.offsetX + 12, e.event.offsetY + 12] : undefined;
    show({ seriesIndex: e.seriesIndex, dataIndex: e.dataIndex, position: at });
  };
  const onItemOut = () => {
    if (trigger() === 'item') hide();
  };
  zr.on('mousemove', onPointer);
  zr.on('globalout', hide);
  chart.on('mousemove', onItem);
  chart.on('mouseout', onItemOut);
  return () => {
    show.clear();
    zr.off('mousemove', onPointer);
    zr.off('globalout', hide);
    chart.off('mousemove', onItem);
    chart.off('mouseout', onItemOut);
  };
}
