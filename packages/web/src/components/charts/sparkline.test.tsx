import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { Sparkline } from './sparkline';
import { sparklineMax, sparklinePoints } from './sparkline-points';

const pointsOf = (line: Element) =>
  (line.getAttribute('points') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((p) => p.split(',').map(Number));

describe('sparklinePoints', () => {
  it('keeps the latest 20 samples across 96 px, the newest at the right edge', () => {
    const values = Array.from({ length: 30 }, (_, i) => i);
    const points = sparklinePoints(values, 29);
    expect(points).toHaveLength(20);
    expect(points[0]).toEqual([0, 16 - (10 / 29) * 16].map((n) => Math.round(n * 100) / 100));
    expect(points[19]).toEqual([96, 0]);
  });

  it('scales to the maximum: the largest sample touches the top, zero the bottom', () => {
    expect(sparklinePoints([0, 50, 100], 100).map(([, y]) => y)).toEqual([16, 8, 0]);
  });

  it('fills in from the right while fewer than 20 samples have arrived', () => {
    expect(sparklinePoints([1, 1], 1).map(([x]) => x)).toEqual([90.95, 96]);
  });

  it('draws a flat line at the bottom when there is no traffic, and never below it', () => {
    expect(sparklinePoints([0, 0], 0).map(([, y]) => y)).toEqual([16, 16]);
    expect(sparklinePoints([-5, Number.NaN], 10).map(([, y]) => y)).toEqual([16, 16]);
  });

  it('takes the maximum over all lines and only over the samples drawn', () => {
    expect(sparklineMax([[1, 8], [3]])).toBe(8);
    expect(sparklineMax([[500, ...Array(20).fill(2)]])).toBe(2);
  });
});

describe('Sparkline', () => {
  it('draws up and down traffic of a WAN link on one scale in a 96x16 box', () => {
    renderWithProviders(
      <Sparkline
        ariaLabel="wan1 traffic"
        series={[
          { values: [0, 200, 400], color: 'green' },
          { values: [100, 100, 100], color: 'blue' },
        ]}
      />,
    );
    const svg = screen.getByRole('img', { name: 'wan1 traffic' });
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['96', '16']);
    const [up, down] = Array.from(svg.querySelectorAll('polyline'));
    expect(pointsOf(up!).map(([, y]) => y)).toEqual([16, 8, 0]);
    expect(pointsOf(down!).map(([, y]) => y)).toEqual([12, 12, 12]);
    expect(up!.getAttribute('stroke')).toBe('green');
  });

  it('draws at most 20 points per line', () => {
    renderWithProviders(<Sparkline ariaLabel="wan2 traffic" series={[{ values: Array.from({ length: 50 }, (_, i) => i) }]} />);
    const line = screen.getByRole('img', { name: 'wan2 traffic' }).querySelector('polyline')!;
    expect(pointsOf(line)).toHaveLength(20);
  });
});
