import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { deviceRow } from '@/test/device-row';
import { fakeApi, pageOf } from '@/test/fake-api';
import { NotificationBell } from './notification-bell';

const TENANT = '33333333-3333-4333-8333-333333333333';
const entry = (id: string, status: 'Alerting' | 'OK', read: boolean) => ({
  id,
  status,
  severity: status === 'OK' ? 'info' : 'major',
  deviceName: 'edge-paris',
  device_id: '11111111-1111-4111-8111-111111111111',
  kind: 'wan',
  alarm: status === 'OK' ? 'WAN WAN1 up' : 'WAN WAN1 down',
  time: '2026-11-25T10:00:00Z',
  read,
});

/** The bell's socket: the test plays the server. */
class FakeSocket {
  static last: FakeSocket | null = null;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    setTimeout(() => this.onopen?.(), 0);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
}

describe('notification bell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows the unread count, lists alarms, marks them read, and hears new ones live', async () => {
    let list = { items: [entry('a1', 'Alerting', false)], unread: 1 };
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ up_to: list.items[0]!.id });
        list = { items: list.items.map((i) => ({ ...i, read: true })), unread: 0 };
      }
      return jsonResponse(200, list);
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('WebSocket', FakeSocket);
    signIn('viewer');
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <NotificationBell tenantId={TENANT} timezone="UTC" />
        </MemoryRouter>,
      ),
    );

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await vi.waitFor(() => expect(FakeSocket.last?.sent.length).toBe(1));
    expect(FakeSocket.last!.url).toMatch(new RegExp(`/ws/status/${TENANT}\\?feed=notifications$`));
    expect(JSON.parse(FakeSocket.last!.sent[0]!)).toHaveProperty('token');

    fireEvent.click(bell);
    expect(await screen.findByRole('button', { name: 'Alerting Major edge-paris WAN WAN1 down' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();

    // The server rings: the list is read again and the count comes back.
    list = { items: [entry('a2', 'OK', false), ...list.items], unread: 1 };
    FakeSocket.last!.onmessage?.({ data: JSON.stringify({ notification: entry('a2', 'OK', false) }) });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    // The list still open shows it at the top.
    expect(await screen.findByRole('button', { name: 'OK Info edge-paris WAN WAN1 up' })).toBeTruthy();
  });

  it('tells apart the alarms of two gateways of one name by their serials', async () => {
    const other = '22222222-2222-4222-8222-222222222222';
    fakeApi({
      'GET device/list/': () =>
        pageOf([deviceRow(entry('x', 'OK', true).device_id, { name: 'edge-paris', serial: 'SN-1' }), deviceRow(other, { name: 'Edge-Paris', serial: 'SN-2' })]),
      'GET notifications/': () => ({ items: [entry('a1', 'Alerting', false), { ...entry('a2', 'Alerting', false), device_id: other }], unread: 2 }),
    });
    vi.stubGlobal('WebSocket', FakeSocket);
    signIn('viewer');
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <NotificationBell tenantId={TENANT} timezone="UTC" />
        </MemoryRouter>,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    expect(await screen.findByRole('button', { name: 'Alerting Major edge-paris · SN-1 WAN WAN1 down' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alerting Major Edge-Paris · SN-2 WAN WAN1 down' })).toBeTruthy();
  });
});
