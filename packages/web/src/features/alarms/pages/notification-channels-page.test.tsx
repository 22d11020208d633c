import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { NotificationChannelsPage } from './notification-channels-page';

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter>
        <NotificationChannelsPage />
      </MemoryRouter>,
    ),
  );

describe('notification channels page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('adds an e-mail channel after checking its address, then lists it', async () => {
    const channels: unknown[] = [];
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        const created = { id: '44444444-4444-4444-8444-444444444444', secret: null, created_at: '2026-11-25T10:00:00Z', ...body };
        channels.push(created);
        return jsonResponse(201, created);
      }
      return jsonResponse(200, channels);
    });
    vi.stubGlobal('fetch', fetchMock);
    signIn('owner');
    render();
    expect(await screen.findByText('No notification channels yet')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add channel' })[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'On call' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail address/), { target: { value: 'not-an-address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^E-mail address/), { target: { value: 'noc@acme.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const table = await screen.findByRole('table', { name: 'Notification channels' });
    expect(await within(table).findByText('noc@acme.test')).toBeTruthy();
    const sent = JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body)) as Record<string, unknown>;
    expect(sent).toEqual({ name: 'On call', kind: 'email', target: 'noc@acme.test', alarm_kinds: [], states: ['Alerting'], enabled: true });
  });

  it('tells an editor the page is for owners and admins', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, [])),
    );
    signIn('editor');
    render();
    expect(await screen.findByText('Owners and admins only')).toBeTruthy();
  });
});
