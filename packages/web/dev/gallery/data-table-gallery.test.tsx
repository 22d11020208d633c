import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DataTableGallery } from './data-table-gallery';

describe('DataTableGallery', () => {
  it('shows a paged device table whose delete removes the row after Yes', async () => {
    const { user } = renderWithProviders(<DataTableGallery />);
    const table = screen.getByTestId('gallery-data-table');
    expect(within(table).getByText('1–25 of 60')).toBeTruthy();
    expect(within(table).getByText('Primary').tagName).toBe('B');

    // Role queries over the whole table are slow in jsdom; the first body row is read directly.
    const firstRow = table.querySelector<HTMLElement>('tbody tr')!;
    const name = firstRow.querySelector('td')!.textContent!;
    expect(name).toBe('Paris-Edge-01');
    await user.click(within(firstRow).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(within(table).getByText('1–25 of 59')).toBeTruthy();
    expect(within(table).queryByText(name)).toBeNull();
  }, 20_000);

  it('shows all 16 status icons', () => {
    renderWithProviders(<DataTableGallery />);
    expect(within(screen.getByTestId('gallery-status-icons')).getAllByRole('img')).toHaveLength(16);
  });
});
