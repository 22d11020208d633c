export const SPARKLINE_POINTS = 20;
export const SPARKLINE_WIDTH = 96;
export const SPARKLINE_HEIGHT = 16;

export interface SparklineBox {
  width: number;
  height: number;
  /** How many of the latest samples are drawn. */
  count: number;
}

const DEFAULT_BOX: SparklineBox = { width: SPARKLINE_WIDTH, height: SPARKLINE_HEIGHT, count: SPARKLINE_POINTS };

/** The largest sample over all lines: up and down share one scale so they can be compared. */
export function sparklineMax(lines: readonly (readonly number[])[], count = SPARKLINE_POINTS): number {
  let max = 0;
  for (const line of lines) for (const v of line.slice(-count)) if (Number.isFinite(v) && v > max) max = v;
  return max;
}

/**
 * SVG coordinates of the latest `count` samples, scaled so `max` touches the top and zero the
 * bottom. Points are right-aligned: the newest sample is always at the right edge, and a link
 * that just came up fills in from the right as live samples arrive.
 */
export function sparklinePoints(values: readonly number[], max: number, box: SparklineBox = DEFAULT_BOX): [number, number][] {
  const { width, height, count } = box;
  const latest = values.slice(-count);
  const step = count > 1 ? width / (count - 1) : 0;
  const offset = count - latest.length;
  return latest.map((v, i) => {
    const level = max > 0 && Number.isFinite(v) ? Math.min(Math.max(v, 0), max) / max : 0;
    return [round((offset + i) * step), round(height - level * height)];
  });
}

const round = (n: number) => Math.round(n * 100) / 100;
