import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { defaultDashboardLayout, type DashboardLayoutResponse } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { CustomizeDashboardPage } from './customize-dashboard-page';

const initial: DashboardLayoutResponse = { product: 'sdwan', customized: false, ...defaultDashboardLayout('sdwan') };
let calls: { method: string; url: string; body: unknown }[] = [];

/** The layout call as the server answers it: PUT stores what it is sent, DELETE brings the default back. */
function serve(start: DashboardLayoutResponse = initial) {
  let stored = start;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(String(init.body)) as { widgets: DashboardLayoutResponse['widgets'] }) : undefined;
      const method = init.method ?? 'GET';
      calls.push({ method, url: String(url), body });
      if (method === 'PUT') stored = { ...stored, widgets: body!.widgets, customized: true };
      if (method === 'DELETE') stored = initial;
      return Promise.resolve(jsonResponse(200, stored));
    }),
  );
}

const conditions = { hasDevices: true, netflow: false, urlStats: false };
const previewOrder = () =>
  within(screen.getByRole('region', { name: 'Preview' }))
    .getAllByTestId(/^preview-/)
    .map((e) => e.dataset.testid);

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  notifications.clean();
});

describe('Customize Dashboard', { timeout: 30_000 }, () => {
  it('an owner hides the map and moves the device list first: the preview follows at once, Save stores it, Reset brings the default back', async () => {
    signIn('owner');
    serve();
    const { user } = renderWithProviders(withQueryClient(<CustomizeDashboardPage product="sdwan" canEdit conditions={conditions} />));
    expect(await screen.findByRole('switch', { name: 'Map' })).toBeTruthy();
    expect(previewOrder()).toEqual(['preview-tiles', 'preview-map', 'preview-traffic', 'preview-devices']);
    // The chart panel still needs Usage Graph: the preview says so.
    expect(within(screen.getByTestId('preview-traffic')).getByText(/Usage Graph is on and URL Stats is off/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Map' }));
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Move Device list up' }));
    expect(previewOrder()).toEqual(['preview-devices', 'preview-tiles', 'preview-traffic']);
    expect((screen.getByRole('button', { name: 'Move Device list up' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Dashboard layout saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      widgets: [
        { id: 'devices', shown: true },
        { id: 'tiles', shown: true },
        { id: 'map', shown: false },
        { id: 'traffic', shown: true },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(await screen.findByText('Dashboard layout reset to default')).toBeTruthy();
    expect(calls.at(-1)?.method).toBe('DELETE');
    expect(previewOrder()).toEqual(['preview-tiles', 'preview-map', 'preview-traffic', 'preview-devices']);
    expect((screen.getByRole('switch', { name: 'Map' }) as HTMLInputElement).checked).toBe(true);
  });

  it('the device list cannot be hidden', async () => {
    signIn('admin');
    serve();
    renderWithProviders(withQueryClient(<CustomizeDashboardPage product="sdwan" canEdit conditions={conditions} />));
    expect(((await screen.findByRole('switch', { name: /^Device list/ })) as HTMLInputElement).disabled).toBe(true);
  });

  it('viewers and editors see the saved layout read-only', async () => {
    signIn('viewer');
    serve({ product: 'ztna', customized: true, widgets: [...defaultDashboardLayout('ztna').widgets].reverse() });
    renderWithProviders(withQueryClient(<CustomizeDashboardPage product="ztna" canEdit={false} conditions={{ ...conditions, urlStats: true }} />));
    expect(await screen.findByText('Only owners and admins can change the dashboard layout.')).toBeTruthy();
    expect(previewOrder()).toEqual(['preview-devices', 'preview-webFilter', 'preview-traffic', 'preview-map', 'preview-tiles']);
    expect((screen.getByRole('switch', { name: 'Map' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Map up' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset to default' })).toBeNull();
  });
});
