import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WafAuthAbuseView, WafPolicy } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { AuthAbusePage } from './auth-abuse-page';

const view = (masked: boolean): WafAuthAbuseView => ({
  from: '2026-11-29T10:00:00Z',
  to: '2026-11-30T10:00:00Z',
  masked,
  attempts: 14,
  failures: 13,
  endpoints: [
    {
      application_id: APP_ID,
      application: 'shop',
      path: '/login',
      attempts: 14,
      failures: 13,
      series: [{ at: '2026-11-30T09:55:00Z', attempts: 14, failures: 13 }],
    },
  ],
  clients: [
    {
      application_id: APP_ID,
      client_ip: masked ? '203.0.x.x' : '203.0.113.9',
      attempts: 12,
      failures: 12,
      failure_rate: 1,
      accounts: 12,
      refused: 2,
      kinds: ['credential_stuffing', 'password_spraying'],
      last_at: '2026-11-30T09:59:00Z',
    },
    {
      application_id: APP_ID,
      client_ip: masked ? '198.51.x.x' : '198.51.100.20',
      attempts: 2,
      failures: 1,
      failure_rate: 0.5,
      accounts: 1,
      refused: 0,
      kinds: [],
      last_at: '2026-11-30T09:50:00Z',
    },
  ],
  accounts: [
    {
      application_id: APP_ID,
      account: masked ? 'u***@example.com' : 'user12@example.com',
      attempts: 1,
      failures: 1,
      clients: 1,
      kinds: [],
      state: 'challenged',
      last_at: '2026-11-30T09:59:00Z',
    },
  ],
  detections: [
    {
      id: 'd1',
      at: '2026-11-30T09:59:00Z',
      application_id: APP_ID,
      application: 'shop',
      client_ip: masked ? '203.0.x.x' : '203.0.113.9',
      path: '/login',
      action: 'challenged',
      detail: 'credential stuffing: 11 failed logins from this address',
    },
  ],
});

function fake(masked: boolean) {
  return fakeWafApi({
    answer: (c) => (c.path === 'waap/bots/auth-abuse/' && c.query.get('application_id') === APP_ID ? jsonResponse(200, view(masked)) : undefined),
  });
}

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/waf/bot/auth-abuse-protection?application=${APP_ID}`]}>
        <AuthAbusePage />
      </MemoryRouter>,
    ),
  );

describe('Authentication abuse protection', { timeout: 30_000 }, () => {
  describe('an admin', () => {
    signedInAs('admin');

    it('sees the stuffing client ranked first, the challenged account and the detection, and declares the login endpoint', async () => {
      const api = fake(false);
      const { user } = render();
      const clients = await screen.findByRole('table', { name: 'Login clients' }, { timeout: 10_000 });
      const first = within(clients).getAllByRole('row')[1]!;
      expect(within(first).getByText('203.0.113.9')).toBeTruthy();
      expect(within(first).getByText('Credential stuffing')).toBeTruthy();
      expect(within(first).getByText('Password spraying')).toBeTruthy();
      const accounts = screen.getByRole('table', { name: 'Login accounts' });
      expect(within(within(accounts).getByText('user12@example.com').closest('tr')!).getByText('Challenged')).toBeTruthy();
      expect(within(screen.getByRole('table', { name: 'Login detections' })).getByText('credential stuffing: 11 failed logins from this address')).toBeTruthy();
      expect(screen.queryByText('Names masked')).toBeNull();

      await user.click(screen.getByRole('switch', { name: 'Protect login endpoints' }));
      await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
      const field = screen.getByRole('textbox', { name: /Username field/ });
      await user.clear(field);
      await user.type(field, 'email');
      await user.click(screen.getByRole('radio', { name: 'Block' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => {
        const put = api.calls.find((c) => c.method === 'PUT');
        expect((put?.body as { policy: WafPolicy } | undefined)?.policy.login_protection).toMatchObject({
          enabled: true,
          endpoints: [{ path: '/login', username_field: 'email' }],
          action: 'block',
        });
      });
    });
  });

  describe('a viewer', () => {
    signedInAs('viewer');

    it('sees the attack with names masked, and cannot change the settings', async () => {
      fake(true);
      render();
      expect(await screen.findByText('Names masked', {}, { timeout: 10_000 })).toBeTruthy();
      expect(within(screen.getByRole('table', { name: 'Login accounts' })).getByText('u***@example.com')).toBeTruthy();
      expect(screen.queryByText('203.0.113.9')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    });
  });
});
