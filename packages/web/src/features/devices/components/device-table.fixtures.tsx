import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import type { DeviceRow } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';

export const D1 = '11111111-1111-4111-8111-111111111111';
export const D2 = '22222222-2222-4222-8222-222222222222';
export const D3 = '33333333-3333-4333-8333-333333333333';

/** A gateway row with two WAN links (one down), as the device table tests want it. */
export function device(id: string, over: Partial<DeviceRow> = {}): DeviceRow {
  return deviceRow(id, {
    name: `edge-${id.slice(0, 4)}`,
    device_name: `edge-${id.slice(0, 4)}`,
    createdBy: 'olivia@acme.test',
    wan_status: [
      { name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 },
      { name: 'WAN2', status: 'down', ifname: 'eth1', weight: 1 },
    ],
    ...over,
  });
}

export function renderInApp(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/sdwan/dashboard']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

// The app's route guards re-run on every URL change, so a change of the search params lands a moment later.
const GUARD_MS = 20;

/** The table on a data router at `url`, as the app mounts it; the router is returned to read and move the URL. */
export function renderOnDashboardRoute(ui: ReactElement, url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/sdwan/dashboard',
        element: ui,
        loader: () => new Promise((resolve) => setTimeout(() => resolve(null), GUARD_MS)),
        shouldRevalidate: () => true,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}
