import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { HelpdeskIntegrationCard } from './components/helpdesk-integration-card';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const zendesk = {
  type: 'zendesk',
  label: 'Zendesk',
  set: true,
  updated_at: '2026-11-30T08:00:00Z',
  checked_at: '2026-11-30T08:00:00Z',
  webhook_url: 'https://netloom.example/api/v1/support/ticket-integration/webhook/abc123/',
};

describe('the support tickets card', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("says where tickets go, shows the helpdesk's own reason when the credentials fail, and connects with good ones", async () => {
    signIn('owner', { timezone: 'UTC' });
    let connected = false;
    const api = fakeApi({
      'GET tenant/support/ticket-integration/': () => json({ method: connected ? 'zendesk' : 'helpdesk', own: connected ? zendesk : null, provider: null }),
      'POST tenant/support/ticket-integration/': (call) => {
        if ((call.body as { api_token: string }).api_token !== 'good') {
          return json({ detail: "Zendesk refused the credentials: Couldn't authenticate you", code: 'validation_error', errors: {} }, 400);
        }
        connected = true;
        return json(zendesk, 201);
      },
    });
    renderWithProviders(withQueryClient(<HelpdeskIntegrationCard />));
    expect((await screen.findByTestId('helpdesk-method')).textContent).toBe('Tickets go to Netloom’s helpdesk.');

    fireEvent.change(screen.getByRole('textbox', { name: /^Zendesk address/ }), { target: { value: 'https://acme.zendesk.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Agent's e-mail/ }), { target: { value: 'agent@acme.test' } });
    fireEvent.change(screen.getByLabelText(/^API token/, { selector: 'input' }), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zendesk' }));
    expect(await screen.findByText("Zendesk refused the credentials: Couldn't authenticate you")).toBeTruthy();
    expect(api.writes()[0]!.query.get('type')).toBe('zendesk');

    fireEvent.change(screen.getByLabelText(/^API token/, { selector: 'input' }), { target: { value: 'good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zendesk' }));
    await vi.waitFor(() => expect(screen.getByTestId('helpdesk-method').textContent).toMatch(/^Tickets go to Zendesk \(connected/));
    expect(api.writes()[1]!.body).toEqual({ url: 'https://acme.zendesk.com', email: 'agent@acme.test', api_token: 'good' });
    expect(screen.getByRole('button', { name: 'Disconnect Zendesk' })).toBeTruthy();
    // The webhook to give Zendesk, so its agents' replies arrive at once.
    expect((screen.getByRole('textbox', { name: 'Webhook URL' }) as HTMLInputElement).value).toBe(zendesk.webhook_url);
  });

  it('is not shown to editors', () => {
    signIn('editor');
    fakeApi({});
    renderWithProviders(withQueryClient(<HelpdeskIntegrationCard />));
    expect(screen.queryByRole('heading', { name: 'Support tickets' })).toBeNull();
  });
});
