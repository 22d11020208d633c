import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { fakeApi } from '@/test/fake-api';
import { NotificationChannelsPage } from './notification-channels-page';

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter>
        <NotificationChannelsPage />
      </MemoryRouter>,
    ),
  );

const BUILT_IN = { latency_ms: 150, jitter_ms: 30, loss_pct: 5, hold_seconds: 60, built_in: true };

describe('notification channels page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('adds an e-mail channel after checking its address, then lists it', async () => {
    const channels: unknown[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('alarm-defaults')) return jsonResponse(200, BUILT_IN);
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        const created = { id: '44444444-4444-4444-8444-444444444444', secret: null, signed: false, created_at: '2026-11-25T10:00:00Z', ...body };
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
    expect(sent).toEqual({
      name: 'On call',
      kind: 'email',
      target: 'noc@acme.test',
      alarm_kinds: [],
      states: ['Alerting'],
      min_severity: 'info',
      enabled: true,
    });
    // A form of many fields: slow on a busy machine.
  }, 20_000);

  it("saves the organisation's default alarm thresholds after checking them", async () => {
    let saved: unknown = BUILT_IN;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('alarm-defaults')) {
        if (init?.method === 'PUT') saved = { ...(JSON.parse(String(init.body)) as object), built_in: false };
        return jsonResponse(200, saved);
      }
      return jsonResponse(200, []);
    });
    vi.stubGlobal('fetch', fetchMock);
    signIn('owner');
    render();
    const form = await screen.findByRole('form', { name: 'Default alarm thresholds' });
    expect(await within(form).findByText(/Built-in thresholds: no default saved yet/)).toBeTruthy();
    const latency = within(form).getByLabelText('Latency over');
    expect((latency as HTMLInputElement).value).toBe('150 ms');
    fireEvent.change(latency, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save thresholds' }));
    expect(await within(form).findByText(/required|expected number/i)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(latency, { target: { value: '90' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save thresholds' }));
    expect(await within(form).findByText(/Saved for the organisation/)).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ latency_ms: 90, jitter_ms: 30, loss_pct: 5, hold_seconds: 60 });
  });

  it("shows a new webhook's signing secret once, with a copy button, and a rotated one once more", async () => {
    const HOOK = '55555555-5555-4555-8555-555555555555';
    const channels: Record<string, unknown>[] = [];
    const api = fakeApi({
      'GET alarm-defaults/': () => BUILT_IN,
      'GET notification-channels/': () => channels,
      'POST notification-channels/': (call) => {
        const listed = { id: HOOK, signed: true, created_at: '2026-11-25T10:00:00Z', ...(call.body as object) };
        channels.push(listed);
        return jsonResponse(201, { ...listed, secret: 'first-secret-abcdefghijklmnop' });
      },
      [`POST notification-channels/${HOOK}/rotate-secret/`]: () => ({ secret: 'second-secret-qrstuvwxyz0123' }),
    });
    signIn('owner');
    render();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add channel' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'NOC hook' } });
    fireEvent.click(within(dialog).getByText('Webhook'));
    fireEvent.change(within(dialog).getByLabelText(/^Webhook URL/), { target: { value: 'https://hooks.example.com/netloom' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    const shown = (await screen.findByText('Signing secret of NOC hook')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(shown).getByLabelText('Signing secret').textContent).toBe('first-secret-abcdefghijklmnop');
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(within(shown).getByText(/Shown once/)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    const table = await screen.findByRole('table', { name: 'Notification channels' });
    await within(table).findByText('https://hooks.example.com/netloom');
    expect(screen.queryByText('first-secret-abcdefghijklmnop')).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: /Edit/ }));
    const edit = (await screen.findByText('Edit channel')).closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.click(within(edit).getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    const rotated = (await screen.findByText('Signing secret of NOC hook')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(rotated).getByLabelText('Signing secret').textContent).toBe('second-secret-qrstuvwxyz0123');
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST notification-channels/', `POST notification-channels/${HOOK}/rotate-secret/`]);
  }, 30_000);

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
