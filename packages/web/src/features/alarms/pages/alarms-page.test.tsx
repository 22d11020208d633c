import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { AlarmsPage } from './alarms-page';

const GW = '11111111-1111-4111-8111-111111111111';
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
const alarm = (state: 'Alerting' | 'OK', iface: string, time: string) => ({
  id: crypto.randomUUID(),
  device_id: GW,
  kind: 'wan',
  state,
  severity: state === 'OK' ? 'info' : 'major',
  interface: iface,
  alarm: `WAN ${iface} ${state === 'OK' ? 'up' : 'down'}`,
  detail: null,
  time,
});
const render = (url: string) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/sdwan/device/status/alarms/:kind" element={<AlarmsPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

describe('alarms of a gateway', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("asks for a device first, and says the spec's empty text for a tab without history", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, page([]))),
    );
    signIn('viewer');
    render('/sdwan/device/status/alarms/device');
    expect(await screen.findByText('Please Select Device')).toBeTruthy();
    render(`/sdwan/device/status/alarms/device?device=${GW}`);
    expect(await screen.findByText('No Device Reachability History available yet!')).toBeTruthy();
  });

  it('lists WAN alarms with the legend and filters them by interface', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('wan_alarms_interfaces')) return jsonResponse(200, ['WAN1', 'WAN2']);
      if (url.includes(`/device/alarms/${GW}/wan/`)) {
        const rows = [alarm('OK', 'WAN1', '2026-11-25T10:05:00Z'), alarm('Alerting', 'WAN1', '2026-11-25T10:00:00Z')];
        return jsonResponse(200, page(url.includes('interface=WAN2') ? [] : rows));
      }
      return jsonResponse(200, page([]));
    });
    vi.stubGlobal('fetch', fetchMock);
    signIn('viewer');
    render(`/sdwan/device/status/alarms/wan?device=${GW}`);
    const table = await screen.findByRole('table', { name: 'WAN Alarms' });
    expect(await within(table).findAllByText('WAN1')).toHaveLength(2);
    expect(within(table).getByText('Alerting')).toBeTruthy();
    expect(within(screen.getByLabelText('Legend')).getByText('OK')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Interface:/ }));
    expect(await screen.findByRole('menuitem', { name: 'All' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'WAN2' }));
    expect(await screen.findByText('No WAN Reachability History available yet!')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('interface=WAN2'))).toBe(true);
  });
});
