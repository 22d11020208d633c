import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TicketThread } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi, pageOf } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { TicketDetail } from './components/ticket-detail';
import { DeskTicketDetail } from './components/desk-ticket-detail';

const ID = '22222222-2222-4222-8222-222222222222';
const raisedAt = Date.now() - 30 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const measure = (dueMs: number, paused = false) => ({ due: iso(dueMs), met_at: null, breached: dueMs < Date.now(), paused });

const thread = (over: Partial<TicketThread> = {}): TicketThread => ({
  id: ID,
  number: 1042,
  method: 'helpdesk',
  subject: 'WAN flaps',
  description: 'wan1 drops every hour',
  product: 'sdwan',
  priority: 'urgent',
  category: 'incident',
  status: 'open',
  device: { id: 'd1', name: 'Paris branch' },
  context: {
    device: {
      id: 'd1',
      name: 'Paris branch',
      serial: 'SN-1',
      model: 'NL-500',
      firmware: '4.2.1',
      status: 'running',
      sync_state: 'synced',
      revision: 7,
      recent_alarms: [],
    },
    browser: 'Chrome',
    console_version: 'abc',
  },
  requester: { id: 'u1', name: 'Victor Viewer', email: 'viewer@acme.test' },
  assignee: null,
  tenant: { id: 't1', name: 'Acme' },
  attachments: [],
  created_at: iso(raisedAt),
  updated_at: iso(raisedAt),
  first_response_at: null,
  solved_at: null,
  closed_at: null,
  // Urgent: the first answer is due an hour after raising, 30 minutes from now.
  sla: { first_response: measure(raisedAt + 3_600_000), resolution: measure(raisedAt + 4 * 3_600_000) },
  external: null,
  messages: [
    {
      id: 'm1',
      author: { id: 's1', name: 'Sue Support', side: 'provider' },
      body: 'Looking into it',
      internal: false,
      attachments: [],
      created_at: iso(raisedAt + 60_000),
    },
  ],
  ...over,
});

describe('a ticket, as its organisation reads it', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows the thread, the time left and the device context, and sends an answer and "solved"', async () => {
    signIn('viewer');
    const api = fakeApi({
      [`GET support/tickets/${ID}/`]: () => thread(),
      [`POST support/tickets/${ID}/messages/`]: () => thread(),
      [`PUT support/tickets/${ID}/`]: () => thread({ status: 'solved' }),
    });
    const { user } = renderWithProviders(withQueryClient(<TicketDetail id={ID} />));
    expect(await screen.findByRole('heading', { name: '#1042 WAN flaps' })).toBeTruthy();
    expect(screen.getByText('Looking into it')).toBeTruthy();
    expect(screen.getByText(/^(29|30) min left$/)).toBeTruthy();
    expect(screen.getByLabelText('Context when raised').textContent).toContain('Model NL-500 · firmware 4.2.1');

    fireEvent.change(screen.getByRole('textbox', { name: 'Reply' }), { target: { value: 'Still down' } });
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await user.click(screen.getByRole('button', { name: 'Mark as solved' }));
    await vi.waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes().map((w) => [w.method, w.body])).toEqual([
      ['POST', { body: 'Still down', attachment_ids: [] }],
      ['PUT', { status: 'solved' }],
    ]);
  });

  it("says a ticket waits for Zendesk and why, lets the customer answer, and leaves its status to Zendesk's agents", async () => {
    signIn('viewer');
    fakeApi({
      [`GET support/tickets/${ID}/`]: () =>
        thread({
          method: 'zendesk',
          external: {
            helpdesk: 'zendesk',
            label: 'Zendesk',
            reference: null,
            state: 'sending',
            error: 'Zendesk is unavailable (HTTP 503)',
            next_attempt_at: '2026-11-30T10:15:00.000Z',
            synced_at: null,
          },
        }),
    });
    renderWithProviders(withQueryClient(<TicketDetail id={ID} />));
    expect(await screen.findByText('Waiting to reach Zendesk: Zendesk is unavailable (HTTP 503). Netloom tries again at 10:15 UTC.')).toBeTruthy();
    expect(screen.getByText('To Zendesk…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as solved' })).toBeNull();
  });

  it('shows the resolution clock paused while the ticket waits on the customer', async () => {
    signIn('viewer');
    const answered = { due: iso(raisedAt + 3_600_000), met_at: iso(raisedAt + 60_000), breached: false, paused: false };
    fakeApi({
      [`GET support/tickets/${ID}/`]: () =>
        thread({ status: 'pending', sla: { first_response: answered, resolution: measure(Date.now() + 3 * 3_600_000 + 60_000, true) } }),
    });
    renderWithProviders(withQueryClient(<TicketDetail id={ID} />));
    expect(await screen.findByText('Paused · 3 h left')).toBeTruthy();
  });

  it('offers no answer on a closed ticket, only a new one', async () => {
    signIn('viewer');
    fakeApi({ [`GET support/tickets/${ID}/`]: () => thread({ status: 'closed' }) });
    renderWithProviders(withQueryClient(<TicketDetail id={ID} />));
    expect(await screen.findByText('This ticket is closed. Raise a new ticket if you need more help.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
  });
});

describe('a ticket at the support desk', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('marks internal notes and sends a note as internal', async () => {
    signIn('viewer', { isSuperAdmin: true, tenantId: null, role: null });
    const note = {
      id: 'm2',
      author: { id: 's1', name: 'Sue Support', side: 'provider' as const },
      body: 'Old firmware',
      internal: true,
      attachments: [],
      created_at: iso(raisedAt + 120_000),
    };
    const api = fakeApi({
      [`GET support/desk/tickets/${ID}/`]: () => thread({ messages: [note] }),
      'GET support/desk/engineers/': () => [{ id: 's1', name: 'Sue Support', email: 'support@demo.test', is_super_admin: false }],
      [`POST support/desk/tickets/${ID}/messages/`]: () => thread({ messages: [note] }),
      'GET support/desk/tickets/': () => pageOf([]),
    });
    const { user } = renderWithProviders(withQueryClient(<DeskTicketDetail id={ID} />));
    const message = await screen.findByText('Old firmware');
    expect(within(message.closest('[data-testid="ticket-message"]') as HTMLElement).getByText('Internal note')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Internal note' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Internal note (never shown to the customer)' }), { target: { value: 'Check #4411' } });
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await vi.waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ body: 'Check #4411', attachment_ids: [], internal: true });
  });

  it('keeps to notes and assignment on a ticket worked in a connected helpdesk', async () => {
    signIn('viewer', { isSuperAdmin: true, tenantId: null, role: null });
    const external = {
      helpdesk: 'jira' as const,
      label: 'Jira Service Management',
      reference: 'NET-7',
      state: 'sent' as const,
      error: null,
      next_attempt_at: null,
      synced_at: null,
    };
    const api = fakeApi({
      [`GET support/desk/tickets/${ID}/`]: () => thread({ method: 'jira', external }),
      'GET support/desk/engineers/': () => [],
      [`POST support/desk/tickets/${ID}/messages/`]: () => thread({ method: 'jira', external }),
    });
    const { user } = renderWithProviders(withQueryClient(<DeskTicketDetail id={ID} />));
    expect(await screen.findByText('In Jira Service Management as NET-7')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Internal note' })).toHaveProperty('disabled', true);
    expect((screen.getAllByLabelText('Status').find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden') as HTMLInputElement).disabled).toBe(
      true,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Internal note (never shown to the customer)' }), { target: { value: 'Escalated in Jira' } });
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await vi.waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ body: 'Escalated in Jira', attachment_ids: [], internal: true });
  });
});
