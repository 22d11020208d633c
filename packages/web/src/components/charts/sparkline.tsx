import { sparklineMax, sparklinePoints, SPARKLINE_HEIGHT, SPARKLINE_POINTS, SPARKLINE_WIDTH } from './sparkline-points';

interface SparklineSeries {
  values: readonly number[];
  color?: string;
}

export interface SparklineProps {
  /** Usually two lines, up and down traffic of one WAN link. */
  series: readonly SparklineSeries[];
  ariaLabel: string;
  width?: number;
  height?: number;
  points?: number;
}

const DEFAULT_COLORS = ['var(--mantine-color-green-6)', 'var(--mantine-color-blue-6)'];

/**
 * The live up/down traffic line of a WAN link (spec 000 §2.6): the last 20 samples in 96x16,
 * scaled to the largest. Plain SVG: it is drawn many times per page and needs no interaction.
 */
export function Sparkline({ series, ariaLabel, width = SPARKLINE_WIDTH, height = SPARKLINE_HEIGHT, points = SPARKLINE_POINTS }: SparklineProps) {
  const max = sparklineMax(
    series.map((s) => s.values),
    points,
  );
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={ariaLabel} overflow="visible">
      {series.map((s, i) => (
        <polyline
          key={i}
          fill="none"
          stroke={s.color ?? DEFAULT_COLORS[i % DEFAULT_COLORS.length]}
          strokeWidth={1.25}
          strokeLinejoin="round"
          points={sparklinePoints(s.values, max, { width, height, count: points })
            .map(([x, y]) => `${x},${y}`)
            .join(' ')}
        />
      ))}
    </svg>
  );
}
