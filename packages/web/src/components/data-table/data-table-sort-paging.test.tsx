import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DataTable } from './data-table';
import { bodyRows, columnText, deviceColumns, devices, manyDevices } from './test-fixtures';

describe('data table sort', () => {
  it('cycles a header through ascending, descending and off, keeping empty values last', async () => {
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={devices} options={{ sort: true }} />);
    const header = screen.getByRole('columnheader', { name: /Site/ });
    expect(header.getAttribute('aria-sort')).toBe('none');

    await user.click(screen.getByRole('button', { name: /Site/ }));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(columnText(2)).toEqual(['Austin', 'Paris', 'Not Available', 'Not Available']);

    await user.click(screen.getByRole('button', { name: /Site/ }));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(columnText(2)).toEqual(['Paris', 'Austin', 'Not Available', 'Not Available']);

    await user.click(screen.getByRole('button', { name: /Site/ }));
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(columnText(0)).toEqual(['Paris-Edge', 'Berlin-Core', 'Austin-Branch', 'Lyon-Edge']);
  });

  it('orders addresses by their numbers, not as text', async () => {
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={devices} options={{ sort: true }} />);
    await user.click(screen.getByRole('button', { name: /IP Address/ }));
    expect(columnText(1)).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.10']);
  });

  it('leaves headers plain when sorting is off (the spec default) unless a column asks for it', () => {
    const columns = deviceColumns.map((c) => (c.key === 'name' ? { ...c, sortable: true } : c));
    renderWithProviders(<DataTable columns={columns} rows={devices} />);
    expect(screen.getByRole('button', { name: /Name/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /IP Address/ })).toBeNull();
  });
});

describe('data table paging', () => {
  it('shows 25 rows by default, then the page size and page the user picks', async () => {
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={manyDevices(60)} />);
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('1–25 of 60')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(6);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(columnText(0)[0]).toBe('Device 00011');
    expect(screen.getByText('11–20 of 60')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('21–30 of 60')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('1–10 of 60')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the sizes 10, 25, 50, 100 and never more than 10 page links', async () => {
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={manyDevices(500)} />);
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect([...(size as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '25', '50', '100']);
    await user.selectOptions(size, '10');
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(10);
  });

  it('goes back to the first page when the search changes', async () => {
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={manyDevices(60)} />);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    await user.paste('Device 0000');
    expect(screen.getByText('1–9 of 9')).toBeTruthy();
  });
});
