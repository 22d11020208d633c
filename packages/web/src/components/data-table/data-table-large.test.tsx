import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DataTable } from './data-table';
import { bodyRows, deviceColumns, manyDevices } from './test-fixtures';

describe('data table with many rows', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders only a window of a 5,000-row table', async () => {
    // jsdom lays nothing out; give the scroll area and the rows the sizes a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
    const rows = manyDevices(5000);
    const { user, container } = renderWithProviders(<DataTable columns={deviceColumns} rows={rows} options={{ paging: false, sort: true }} />);
    const rendered = container.querySelectorAll('tbody tr').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    // Role queries walk the whole document in jsdom; scoped DOM reads keep this test quick.
    const firstName = () => container.querySelector('tbody tr[data-index] td')?.textContent;
    expect(firstName()).toBe('Device 00001');

    // Sorting still works over all 5,000 rows, not just the rendered window.
    const sortByName = within(container.querySelector('thead')!).getByRole('button', { name: /Name/ });
    await user.click(sortByName);
    await user.click(sortByName);
    expect(firstName()).toBe('Device 05000');
  }, 15_000);

  it('keeps a small unpaged table as plain rows', () => {
    const { container } = renderWithProviders(<DataTable columns={deviceColumns} rows={manyDevices(60)} options={{ paging: false }} />);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(60);
  });
});

describe('data table loading and empty', () => {
  it('shows skeleton rows while loading', () => {
    renderWithProviders(<DataTable columns={deviceColumns} rows={[]} loading />);
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
  });

  it('shows the host’s empty state when there are no rows', () => {
    renderWithProviders(<DataTable columns={deviceColumns} rows={[]} emptyState={<p>Create your First Network</p>} />);
    expect(screen.getByText('Create your First Network')).toBeTruthy();
    expect(screen.queryByText('No Matching Result(s).')).toBeNull();
    expect(bodyRows()).toHaveLength(1);
  });
});
