import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { ChartsGallery } from './charts-gallery';

describe('ChartsGallery', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows every chart sample, with the broken one contained in its own panel', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<ChartsGallery />);
    for (const name of ['WAN traffic (last 10 minutes)', 'CPU usage (last 24 hours)', 'Top Applications', 'Action Distribution']) {
      expect(screen.getByRole('img', { name })).toBeTruthy();
    }
    expect(screen.getByText('No Data')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Chart unavailable');
    expect(screen.getAllByRole('table', { name: 'Series statistics' })).toHaveLength(2);
    expect(screen.getAllByRole('img', { name: /up and down traffic$/ })).toHaveLength(3);
  });

  it('moves the sparklines every second', () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<ChartsGallery />);
    const line = () => screen.getByRole('img', { name: 'wan1 up and down traffic' }).querySelector('polyline')!.getAttribute('points');
    const before = line();
    act(() => vi.advanceTimersByTime(1000));
    expect(line()).not.toBe(before);
  });
});
