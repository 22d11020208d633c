import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { renderWithProviders } from '@/test/render';
import { TimeSeriesChart } from './time-series-chart';

const t0 = Date.UTC(2024, 0, 15, 13, 0, 0);
const times = [t0, t0 + 60_000, t0 + 120_000];

function statsRows() {
  const table = screen.getByRole('table', { name: 'Series statistics' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('TimeSeriesChart', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows min, max, average and current of each traffic series in rate units', () => {
    renderWithProviders(
      <TimeSeriesChart
        title="WAN traffic"
        names={['Internet Uplink Primary', 'tx']}
        series={[
          [125, 250, 375],
          [62.5, null, 187.5],
        ]}
        timestamp={times}
        yAxisType="bitrate"
      />,
    );
    expect(screen.getByText('WAN traffic')).toBeTruthy();
    expect(statsRows()).toEqual([
      ['Internet Uplink...', '1 Kbps', '3 Kbps', '2 Kbps', '3 Kbps'],
      ['tx', '500 bps', '1.50 Kbps', '1 Kbps', '1.50 Kbps'],
    ]);
    expect(screen.getByText('Internet Uplink...').getAttribute('title')).toBe('Internet Uplink Primary');
  });

  it('shows cpu stats in percent with 2 decimals', () => {
    renderWithProviders(<TimeSeriesChart title="CPU" names={['cpu']} series={[[10, 12.35, 14.7]]} timestamp={times} yAxisType="cpu" />);
    expect(statsRows()).toEqual([['cpu', '10.00%', '14.70%', '12.35%', '14.70%']]);
  });

  it('rounds ms averages to 2 decimals and marks a series with no samples', () => {
    renderWithProviders(
      <TimeSeriesChart
        names={['latency', 'jitter']}
        series={[
          [10, 20, 20],
          [null, null, null],
        ]}
        timestamp={times}
        yAxisType="ms"
      />,
    );
    expect(statsRows()).toEqual([
      ['latency', '10 ms', '20 ms', '16.67 ms', '20 ms'],
      ['jitter', '-', '-', '-', '-'],
    ]);
  });

  it("shows 'No Data' and no table when there is nothing to draw", () => {
    const { rerender } = renderWithProviders(<TimeSeriesChart title="Ping" names={[]} series={[]} timestamp={[]} />);
    expect(screen.getByText('No Data')).toBeTruthy();
    expect(screen.getByText('Ping')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(<TimeSeriesChart title="Ping" names={['rtt']} series={[[null, null, null]]} timestamp={times} />);
    expect(screen.getByText('No Data')).toBeTruthy();
  });

  it('can leave the stats table out', () => {
    renderWithProviders(<TimeSeriesChart names={['rtt']} series={[[1, 2, 3]]} timestamp={times} withStats={false} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('img', { name: 'Time-series chart' })).toBeTruthy();
  });

  it('renders its frame without drawing where there is no canvas', () => {
    renderWithProviders(<TimeSeriesChart title="CPU" names={['cpu']} series={[[1, 2, 3]]} timestamp={times} />);
    expect(getInstanceByDom(screen.getByRole('img', { name: 'CPU' }))).toBeUndefined();
  });

  it("keeps a malformed payload inside the chart's own 'Chart unavailable' panel", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <div>
        <TimeSeriesChart title="CPU" names={['cpu']} series={undefined as unknown as number[][]} timestamp={times} />
        <p>Rest of the page</p>
      </div>,
    );
    expect(within(screen.getByRole('alert')).getByText('Chart unavailable')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('CPU')).toBeTruthy();
    expect(screen.getByText('Rest of the page')).toBeTruthy();
  });
});
