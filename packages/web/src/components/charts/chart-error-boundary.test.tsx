import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { ChartErrorBoundary } from './chart-error-boundary';

let failing = true;
function FlakyChart() {
  if (failing) throw new Error('series is not iterable');
  return <p>Traffic chart drawn</p>;
}

describe('ChartErrorBoundary', () => {
  beforeEach(() => {
    failing = true;
    // React reports every caught render error on the console; the test expects one.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a compact panel for the failing chart and leaves the rest of the page alone', () => {
    const onError = vi.fn();
    renderWithProviders(
      <main>
        <h1>Dashboard</h1>
        <ChartErrorBoundary title="WAN traffic" onError={onError}>
          <FlakyChart />
        </ChartErrorBoundary>
        <p>Device list</p>
      </main>,
    );
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('Chart unavailable');
    expect(panel.textContent).toContain('WAN traffic');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Device list')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'series is not iterable' }), expect.anything());
  });

  it('draws the chart again on Retry once it no longer throws', async () => {
    const { user } = renderWithProviders(
      <ChartErrorBoundary>
        <FlakyChart />
      </ChartErrorBoundary>,
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Traffic chart drawn')).toBeTruthy();
    expect(screen.queryByText('Chart unavailable')).toBeNull();
  });

  it('stays on the panel when the chart still fails after Retry', async () => {
    const { user } = renderWithProviders(
      <ChartErrorBoundary>
        <FlakyChart />
      </ChartErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Chart unavailable')).toBeTruthy();
    expect(screen.queryByText('Traffic chart drawn')).toBeNull();
  });
});
