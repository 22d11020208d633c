import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';
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
});
