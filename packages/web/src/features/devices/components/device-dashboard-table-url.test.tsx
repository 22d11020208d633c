import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { DeviceRow } from '@netloom/domain';
import { DeviceDashboardTable } from './device-dashboard-table';
import { device, renderOnDashboardRoute } from './device-table.fixtures';

const fleet = vi.hoisted(() => ({
  value: { devices: [] as DeviceRow[], loading: false, networkError: false, retry: vi.fn(), status: 'live' },
}));
vi.mock('@/lib/live/use-live-fleet', () => ({ useLiveFleet: () => fleet.value }));

// 24 gateways gw-00 … gw-23 and one office: three pages of 10.
const FLEET = [
  ...Array.from({ length: 24 }, (_, i) => device(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, { name: `gw-${String(i).padStart(2, '0')}` })),
  device('99999999-9999-4999-8999-999999999999', { name: 'mumbai-office' }),
];

const table = () => screen.getByRole('table', { name: 'Devices' });
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
const searchBox = () => screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
const rowsPerPage = () => screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
// The URL's query as a user reads it in the address bar, order aside.
const queryOf = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));
const tableAt = (url: string) => renderOnDashboardRoute(<DeviceDashboardTable product="sdwan" tenantId="t1" networkId={null} />, url);

describe('device dashboard table view in the URL', () => {
  beforeEach(() => {
    fleet.value = { ...fleet.value, devices: FLEET };
  });

  it('opens on the page and rows per page a link names', async () => {
    tableAt('/sdwan/dashboard?size=5&page=3');
    expect(await screen.findByText('11–15 of 25')).toBeTruthy();
    expect(names()).toEqual(['gw-10', 'gw-11', 'gw-12', 'gw-13', 'gw-14']);
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(rowsPerPage().value).toBe('5');
  });

  it('opens on the search a link names, with the text in the search box', async () => {
    tableAt('/sdwan/dashboard?q=mumbai');
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();
    expect(names()).toEqual(['mumbai-office']);
    expect(searchBox().value).toBe('mumbai');
  });

  it('opens sorted the way a link says, and a header click writes the next sort', async () => {
    const { user, router } = tableAt('/sdwan/dashboard?sort=-name');
    await screen.findByRole('table', { name: 'Devices' });
    const header = screen.getByRole('columnheader', { name: /Device Name/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(names().slice(0, 2)).toEqual(['mumbai-office', 'gw-23']);

    await user.click(screen.getByRole('button', { name: /Location/ }));
    await waitFor(() => expect(queryOf(router)).toEqual({ sort: 'location' }));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('none'));
    expect(screen.getByRole('columnheader', { name: /Location/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('falls back to the defaults for values it cannot use', async () => {
    const first = tableAt('/sdwan/dashboard?page=abc&size=7&sort=no-such-column');
    expect(await screen.findByText('1–10 of 25')).toBeTruthy();
    expect(rowsPerPage().value).toBe('10');
    expect(screen.getByRole('columnheader', { name: /Device Name/ }).getAttribute('aria-sort')).toBe('none');
    first.unmount();

    // A page past the end (the fleet shrank since the link was shared) shows the last page.
    const second = tableAt('/sdwan/dashboard?page=99&size=None');
    expect(await screen.findByText('1–25 of 25')).toBeTruthy();
    second.unmount();
    tableAt('/sdwan/dashboard?page=0&size=-5');
    expect(await screen.findByText('1–10 of 25')).toBeTruthy();
  });

  it('writes paging and the search into the URL; Back undoes a page change, not each keystroke', async () => {
    const { user, router, unmount } = tableAt('/sdwan/dashboard');
    await screen.findByText('1–10 of 25');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queryOf(router)).toEqual({ page: '2' }));
    await user.selectOptions(rowsPerPage(), '5');
    await waitFor(() => expect(queryOf(router)).toEqual({ size: '5' }));
    // The URL changes before the table renders the new page size.
    expect(await screen.findByText('1–5 of 25')).toBeTruthy();

    await act(() => router.navigate(-1));
    expect(await screen.findByText('11–20 of 25')).toBeTruthy();
    expect(rowsPerPage().value).toBe('10');

    // The table narrows at once; the URL follows once typing pauses, replacing the current entry.
    await user.type(searchBox(), 'mumbai');
    expect(names()).toEqual(['mumbai-office']);
    await waitFor(() => expect(queryOf(router)).toEqual({ q: 'mumbai' }));
    expect(searchBox().value).toBe('mumbai');

    // A reload of that address shows the same rows.
    unmount();
    tableAt(`/sdwan/dashboard${router.state.location.search}`);
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();
    expect(searchBox().value).toBe('mumbai');
  });

  it('Back after typing returns to the view before the search, not to half a word', async () => {
    const { user, router } = tableAt('/sdwan/dashboard?size=5');
    await screen.findByText('1–5 of 25');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queryOf(router)).toEqual({ size: '5', page: '2' }));
    await user.type(searchBox(), 'gw-1');
    await waitFor(() => expect(queryOf(router)).toEqual({ size: '5', q: 'gw-1' }));

    await act(() => router.navigate(-1));
    expect(await screen.findByText('1–5 of 25')).toBeTruthy();
    expect(searchBox().value).toBe('');
    expect(names()).toEqual(['gw-00', 'gw-01', 'gw-02', 'gw-03', 'gw-04']);
  });

  it("applying 'Select Filters' shows the filtered rows from their first page", async () => {
    const { user, router } = tableAt('/sdwan/dashboard?size=5&page=3');
    expect(await screen.findByText('11–15 of 25')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Filters' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Chennai' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queryOf(router)).toEqual({ size: '5', location: 'Chennai' }));
    expect(await screen.findByText('1–5 of 25')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });
});
