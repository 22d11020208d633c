import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { fakeContext } from '@/test/fake-canvas';
import { renderWithProviders } from '@/test/render';
import { EChart } from './echart';
import type { ChartOption } from './echarts-setup';

let resizeCallbacks: (() => void)[] = [];
const originalGetContext = HTMLCanvasElement.prototype.getContext;
const originalResizeObserver = window.ResizeObserver;
// jsdom lays nothing out: the container's size is whatever the test says it is.
let boxWidth = 400;
const sizeProps = ['clientWidth', 'clientHeight'] as const;

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => boxWidth });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 200 });
  HTMLCanvasElement.prototype.getContext = vi.fn(() => fakeContext()) as unknown as typeof originalGetContext;
  window.ResizeObserver = class {
    constructor(cb: () => void) {
      resizeCallbacks.push(cb);
    }
    observe() {}
    unobserve() {}
    disconnect() {
      resizeCallbacks = [];
    }
  } as unknown as typeof ResizeObserver;
});

afterAll(() => {
  for (const prop of sizeProps) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  HTMLCanvasElement.prototype.getContext = originalGetContext;
  window.ResizeObserver = originalResizeObserver;
});

// Synthetic events carry only the fields the listeners read.
const fire = (target: object, name: string, event: object) => (target as { trigger: (name: string, event: object) => void }).trigger(name, event);

const option = (values: number[]): ChartOption => ({
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'category', data: values.map((_, i) => `t${i}`) },
  yAxis: { type: 'value' },
  series: [{ type: 'line', name: 'rx', data: values }],
});

describe('EChart', () => {
  it('creates an ECharts instance with the given option and disposes it on unmount', () => {
    const { unmount } = renderWithProviders(<EChart option={option([1, 2, 3])} height={200} ariaLabel="Traffic" />);
    const el = screen.getByRole('img', { name: 'Traffic' });
    const chart = getInstanceByDom(el);
    expect(chart).toBeDefined();
    const series = chart!.getOption().series as { data: number[] }[];
    expect(series[0]!.data).toEqual([1, 2, 3]);
    unmount();
    expect(chart!.isDisposed()).toBe(true);
  });

  it('follows its container size through the ResizeObserver', () => {
    boxWidth = 400;
    renderWithProviders(<EChart option={option([1, 2])} height={200} ariaLabel="Traffic" />);
    const chart = getInstanceByDom(screen.getByRole('img', { name: 'Traffic' }))!;
    expect(chart.getWidth()).toBe(400);
    boxWidth = 640;
    act(() => resizeCallbacks.forEach((cb) => cb()));
    expect(chart.getWidth()).toBe(640);
  });

  it('replaces the whole option when it changes, so removed series disappear', () => {
    const two: ChartOption = {
      ...option([1, 2]),
      series: [
        { type: 'line', name: 'rx', data: [1, 2] },
        { type: 'line', name: 'tx', data: [3, 4] },
      ],
    };
    const { rerender } = renderWithProviders(<EChart option={two} height={200} ariaLabel="Traffic" />);
    const chart = getInstanceByDom(screen.getByRole('img', { name: 'Traffic' }))!;
    expect(chart.getOption().series).toHaveLength(2);
    rerender(<EChart option={option([5, 6])} height={200} ariaLabel="Traffic" />);
    expect((chart.getOption().series as { name: string }[]).map((s) => s.name)).toEqual(['rx']);
  });

  it('shows the tooltip at most once per second while the pointer moves, and hides it on leaving', () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<EChart option={option([1, 2, 3])} height={200} ariaLabel="Traffic" tooltipThrottleMs={1000} />);
      const chart = getInstanceByDom(screen.getByRole('img', { name: 'Traffic' }))!;
      expect((chart.getOption().tooltip as { triggerOn: string }[])[0]!.triggerOn).toBe('none');
      const dispatch = vi.spyOn(chart, 'dispatchAction');
      const shown = () => dispatch.mock.calls.filter(([a]) => a.type === 'showTip').map(([a]) => [a.x, a.y]);
      const zr = chart.getZr();

      fire(zr, 'mousemove', { offsetX: 10, offsetY: 20 });
      vi.advanceTimersByTime(100);
      fire(zr, 'mousemove', { offsetX: 30, offsetY: 20 });
      vi.advanceTimersByTime(100);
      fire(zr, 'mousemove', { offsetX: 50, offsetY: 20 });
      expect(shown()).toEqual([[10, 20]]);

      vi.advanceTimersByTime(800);
      expect(shown()).toEqual([
        [10, 20],
        [50, 20],
      ]);

      fire(zr, 'mousemove', { offsetX: 70, offsetY: 20 });
      fire(zr, 'globalout', {});
      vi.advanceTimersByTime(2000);
      expect(shown()).toEqual([
        [10, 20],
        [50, 20],
      ]);
      expect(dispatch.mock.calls.some(([a]) => a.type === 'hideTip')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a pie tooltip for the hovered slice at the pointer, throttled, never from bare pointer moves', () => {
    vi.useFakeTimers();
    try {
      const pie: ChartOption = {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            data: [
              { name: 'a', value: 1 },
              { name: 'b', value: 2 },
            ],
          },
        ],
      };
      renderWithProviders(<EChart option={pie} height={200} ariaLabel="Apps" tooltipThrottleMs={1000} />);
      const chart = getInstanceByDom(screen.getByRole('img', { name: 'Apps' }))!;
      const dispatch = vi.spyOn(chart, 'dispatchAction');
      const actions = () => dispatch.mock.calls.map(([a]) => a);

      // An axis-style request would make ECharts hide an item tooltip at once.
      fire(chart.getZr(), 'mousemove', { offsetX: 5, offsetY: 6 });
      expect(actions()).toEqual([]);

      fire(chart, 'mousemove', { seriesIndex: 0, dataIndex: 1, event: { offsetX: 5, offsetY: 6 } });
      fire(chart, 'mousemove', { seriesIndex: 0, dataIndex: 0, event: { offsetX: 40, offsetY: 6 } });
      expect(actions()).toEqual([{ type: 'showTip', seriesIndex: 0, dataIndex: 1, position: [17, 18] }]);

      fire(chart, 'mouseout', { seriesIndex: 0, dataIndex: 0 });
      vi.advanceTimersByTime(2000);
      expect(actions().map((a) => a.type)).toEqual(['showTip', 'hideTip']);
    } finally {
      vi.useRealTimers();
    }
  });
});
