import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { PieChart } from './pie-chart';

describe('PieChart', () => {
  it("shows 'No Data' when there are no slices or all are zero", () => {
    const { rerender } = renderWithProviders(<PieChart title="Top Applications" data={[]} />);
    expect(screen.getByText('No Data')).toBeTruthy();
    expect(screen.getByText('Top Applications')).toBeTruthy();
    rerender(<PieChart title="Top Applications" data={[{ name: 'DNS', value: 0 }]} donut />);
    expect(screen.getByText('No Data')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('renders the chart area, named by its title, when there is data', () => {
    renderWithProviders(<PieChart title="Top Applications" data={[{ name: 'DNS', value: 3 }]} />);
    expect(screen.getByRole('img', { name: 'Top Applications' })).toBeTruthy();
    expect(screen.queryByText('No Data')).toBeNull();
  });

  it('names an untitled donut for screen readers', () => {
    renderWithProviders(<PieChart data={[{ name: 'DNS', value: 3 }]} donut />);
    expect(screen.getByRole('img', { name: 'Donut chart' })).toBeTruthy();
  });
});
