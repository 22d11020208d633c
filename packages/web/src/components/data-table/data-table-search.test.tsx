import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DataTable } from './data-table';
import { bodyRows, columnText, deviceColumns, devices } from './test-fixtures';

describe('data table search', () => {
  it('filters rows as the user types and highlights the match after a short pause', async () => {
    const { user, container } = renderWithProviders(<DataTable columns={deviceColumns} rows={devices} />);
    expect(bodyRows()).toHaveLength(4);

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'EDGE');
    expect(columnText(0)).toEqual(['Paris-Edge', 'Lyon-Edge']);
    await waitFor(() => expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Edge', 'Edge']));
  });

  it('does not highlight before the 100 ms pause', async () => {
    const { user, container } = renderWithProviders(<DataTable columns={deviceColumns} rows={devices} />);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Paris');
    expect(container.querySelectorAll('mark')).toHaveLength(0);
    await waitFor(() => expect(container.querySelectorAll('mark').length).toBeGreaterThan(0));
  });

  it('searches every field but never the id', async () => {
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={devices} />);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '10.0.0.10');
    expect(columnText(0)).toEqual(['Berlin-Core']);
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'd3');
    expect(screen.getByText('No Matching Result(s).')).toBeTruthy();
  });

  it('says No Matching Result(s). and Clear Search brings every row back', async () => {
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={devices} />);
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, 'tokyo');
    expect(screen.getByText('No Matching Result(s).')).toBeTruthy();
    expect(screen.queryByText('Paris-Edge')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(search).toHaveProperty('value', '');
    expect(bodyRows()).toHaveLength(4);
    expect(screen.queryByText('No Matching Result(s).')).toBeNull();
  });

  it('has no search box when the host turns search off', () => {
    renderWithProviders(<DataTable columns={deviceColumns} rows={devices} options={{ search: false }} />);
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
  });
});
