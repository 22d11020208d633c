import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WafBotSummary } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { BotDashboardPage } from './bot-dashboard-page';

const summary: WafBotSummary = {
  from: '2026-11-29T10:00:00Z',
  to: '2026-11-30T10:00:00Z',
  requests: 105,
  by_class: [
    { key: 'human', requests: 50, clients: 2 },
    { key: 'verified_bot', requests: 5, clients: 1 },
    { key: 'likely_bot', requests: 0, clients: 0 },
    { key: 'automated', requests: 50, clients: 2 },
  ],
  by_family: [
    { key: 'Chrome', class: 'human', requests: 50 },
    { key: 'curl', class: 'automated', requests: 30 },
  ],
  by_network: [{ key: '203.0.113.0/24', requests: 50, clients: 2 }],
  top_bot_paths: [{ key: '/wp-login.php', requests: 50 }],
  clients: [{ client_ip: '203.0.113.5', user_agent: 'curl/8.5.0', class: 'automated', family: 'curl', requests: 30, errors: 30 }],
};

describe('the bot dashboard', { timeout: 30_000 }, () => {
  signedInAs('admin');

  it("shows the window's traffic by kind of client, the networks and paths bots used, and each bot client", async () => {
    const api = fakeWafApi({ answer: (c) => (c.path === 'waap/bots/summary/' ? jsonResponse(200, summary) : undefined) });
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <BotDashboardPage />
        </MemoryRouter>,
      ),
    );
    const automated = within(await screen.findByLabelText('Automated', undefined, { timeout: 10_000 }));
    expect(automated.getByText('50')).toBeTruthy();
    expect(automated.getByText('2 clients')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Top bot networks' })).getByText('203.0.113.0/24')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Top bot-hit paths' })).getByText('/wp-login.php')).toBeTruthy();
    const client = within(screen.getByRole('row', { name: /203\.0\.113\.5/ }));
    expect(client.getByText('curl/8.5.0')).toBeTruthy();
    expect(client.getByText('Automated')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'waap/bots/summary/')!.query.get('from')).toBeTruthy();
  });
});
