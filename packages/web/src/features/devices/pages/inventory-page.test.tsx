import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';
import { fakeApi } from '@/test/fake-api';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { InventoryPage } from './inventory-page';

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

describe('inventory', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("lists the tenant's devices from the device list, never an invitation to create a configuration", async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) =>
      jsonResponse(
        200,
        page([
          deviceRow('11111111-1111-4111-8111-111111111111', { name: 'edge-paris' }),
          deviceRow('22222222-2222-4222-8222-222222222222', { name: 'edge-lyon' }),
        ]),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    signIn('viewer');
    renderWithProviders(withQueryClient(<InventoryPage product="sdwan" />));
    const table = await screen.findByRole('table', { name: 'Inventory' });
    expect(await within(table).findByText('edge-paris')).toBeTruthy();
    expect(within(table).getByText('edge-lyon')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v1/device/list/');
    expect(screen.queryByText(/Create your First/)).toBeNull();
  });

  it('tells apart gateways that share a name: each shows its serial, and the reused name is flagged', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(
        200,
        page([
          deviceRow('11111111-1111-4111-8111-111111111111', { name: 'edge', serial: 'SN-1001' }),
          deviceRow('22222222-2222-4222-8222-222222222222', { name: 'Edge', serial: 'SN-1002' }),
          deviceRow('33333333-3333-4333-8333-333333333333', { name: 'hq', serial: 'SN-1003' }),
        ]),
      ),
    );
    signIn('viewer');
    renderWithProviders(withQueryClient(<InventoryPage product="sdwan" />));
    const table = await screen.findByRole('table', { name: 'Inventory' });
    expect(await within(table).findByText('SN-1002')).toBeTruthy();
    const flags = within(table).getAllByText('Name reused');
    expect(flags).toHaveLength(2);
    expect(flags[0]!.closest('[title]')!.getAttribute('title')).toBe('Also the name of SN-1002');
  });

  it('with no device yet says that no device is configured', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, page([]))),
    );
    signIn('viewer');
    renderWithProviders(withQueryClient(<InventoryPage product="sdwan" />));
    expect(await screen.findByText('No Devices Configured')).toBeTruthy();
    expect(screen.queryByText(/Create your First/)).toBeNull();
  });

  it('approves the pending devices chosen, in bulk, after a confirmation', async () => {
    const A = '11111111-1111-4111-8111-111111111111';
    const B = '22222222-2222-4222-8222-222222222222';
    const C = '33333333-3333-4333-8333-333333333333';
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') return jsonResponse(200, deviceRow(A));
      return jsonResponse(
        200,
        page([
          deviceRow(A, { name: 'edge-new-1', approved: false }),
          deviceRow(B, { name: 'edge-new-2', approved: false }),
          deviceRow(C, { name: 'edge-old', approved: true }),
        ]),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    signIn('editor');
    const { user } = renderWithProviders(withQueryClient(<InventoryPage product="sdwan" />));
    const table = await screen.findByRole('table', { name: 'Inventory' });
    expect(await screen.findByText('2 waiting for approval')).toBeTruthy();
    for (const row of within(table).getAllByRole('row').slice(1)) await user.click(within(row).getByRole('checkbox'));
    // Three chosen: two can be approved, one restarted.
    await user.click(screen.getByRole('button', { name: 'Approve (2)' }));
    expect(await screen.findByText('Approve 2 devices?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('2 devices approved')).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));
    expect(posts.sort()).toEqual([expect.stringContaining(`/device/${A}/approve/`), expect.stringContaining(`/device/${B}/approve/`)]);
  });

  it('shows viewers no actions', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, page([deviceRow('11111111-1111-4111-8111-111111111111', { approved: false })]))),
    );
    signIn('viewer');
    renderWithProviders(withQueryClient(<InventoryPage product="sdwan" />));
    await screen.findByRole('table', { name: 'Inventory' });
    expect(screen.queryByTestId('inventory-actions')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('claims a gateway by its serial', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? jsonResponse(201, deviceRow('44444444-4444-4444-8444-444444444444', { name: 'edge-new' })) : jsonResponse(200, page([])),
    );
    vi.stubGlobal('fetch', fetchMock);
    signIn('editor');
    const { user } = renderWithProviders(withQueryClient(<InventoryPage product="sdwan" />));
    await user.click(await screen.findByRole('button', { name: 'Claim device' }));
    await user.type(screen.getByLabelText(/Serial number/), 'NL100-0042');
    await user.type(screen.getByLabelText(/^Name/), 'edge-new');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Device added successfully')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toContain('/device/claim/');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ serial: 'NL100-0042', name: 'edge-new', kind: 'gateway' });
  });

  it('warns under the name field that a claimed name is another gateway’s, naming its serial, and still claims', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? jsonResponse(201, deviceRow('44444444-4444-4444-8444-444444444444', { name: 'Branch' }))
        : jsonResponse(200, page([deviceRow('11111111-1111-4111-8111-111111111111', { name: 'branch', serial: 'SN-1001' })])),
    );
    vi.stubGlobal('fetch', fetchMock);
    signIn('editor');
    const { user } = renderWithProviders(withQueryClient(<InventoryPage product="sdwan" />));
    await screen.findByText('SN-1001');
    await user.click(await screen.findByRole('button', { name: 'Claim device' }));
    await user.type(screen.getByLabelText(/Serial number/), 'NL100-0043');
    const name = screen.getByLabelText(/^Name/);
    await user.type(name, 'Branc');
    expect(screen.queryByTestId('name-reused-warning')).toBeNull();
    await user.type(name, 'h ');
    const warning = screen.getByTestId('name-reused-warning');
    expect(warning.textContent).toContain('Also the name of device SN-1001');
    // The field is described by it, so a screen reader hears it with the field.
    expect(name.getAttribute('aria-describedby')).toContain(warning.closest('[id]')!.id);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Device added successfully')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ serial: 'NL100-0043', name: 'Branch' });
  });

  it("shows each gateway's device group, and narrows the list to one group or to those in none", async () => {
    const BRANCHES = '55555555-5555-4555-8555-555555555555';
    fakeApi({
      'GET device/list/': () =>
        page([
          deviceRow('11111111-1111-4111-8111-111111111111', { name: 'edge-paris', network_id: BRANCHES }),
          deviceRow('22222222-2222-4222-8222-222222222222', { name: 'edge-lyon', network_id: null }),
        ]),
      'GET network/list/': () => [{ id: BRANCHES, networkName: 'Branches', devices: 1 }],
    });
    signIn('viewer');
    const { user } = renderWithProviders(withQueryClient(<InventoryPage product="sdwan" />));
    const table = await screen.findByRole('table', { name: 'Inventory' });
    expect(within(table).getByRole('columnheader', { name: /Device group/ })).toBeTruthy();
    const paris = (await within(table).findByText('edge-paris')).closest('tr')!;
    expect(await within(paris).findByText('Branches')).toBeTruthy();
    expect(within(within(table).getByText('edge-lyon').closest('tr')!).getByText('Ungrouped')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Device group' }));
    await user.click(await screen.findByRole('option', { name: 'Branches' }));
    expect(within(table).queryByText('edge-lyon')).toBeNull();
    expect(within(table).getByText('edge-paris')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Device group' }));
    await user.click(await screen.findByRole('option', { name: 'Ungrouped' }));
    expect(within(table).queryByText('edge-paris')).toBeNull();
    expect(within(table).getByText('edge-lyon')).toBeTruthy();
  });
});
