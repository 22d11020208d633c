import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_BOT_SETTINGS, type WafBotSettings, type WafBotSettingsView, type WafBotSummary } from '@netloom/domain';
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
  clients: [
    { client_ip: '203.0.113.5', user_agent: 'curl/8.5.0', class: 'automated', family: 'curl', signals: ['automation_tool'], requests: 30, errors: 30 },
    {
      client_ip: '203.0.113.9',
      user_agent: 'Mozilla/5.0 Chrome/131',
      class: 'automated',
      family: 'Chrome',
      signals: ['regular_timing', 'no_accept_language'],
      requests: 20,
      errors: 0,
    },
  ],
};

const settings: WafBotSettingsView = {
  ...DEFAULT_BOT_SETTINGS,
  members: { verified_bot: 0, likely_bot: 3, automated: 2 },
  members_at: null,
  updated_at: null,
};

/** The dashboard's reads, and the settings it saves (kept, so the form shows them back). */
function fake() {
  let saved: WafBotSettingsView = settings;
  return fakeWafApi({
    answer: (c) => {
      if (c.path === 'waap/bots/summary/') return jsonResponse(200, summary);
      if (c.path !== 'waap/bots/settings/') return undefined;
      if (c.method === 'PUT') saved = { ...saved, ...(c.body as WafBotSettings), updated_at: '2026-11-30T10:00:00Z' };
      return jsonResponse(200, saved);
    },
  });
}

describe('the bot dashboard', { timeout: 30_000 }, () => {
  signedInAs('admin');

  it("shows the window's traffic by kind of client, the networks and paths bots used, and each bot client", async () => {
    const api = fake();
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
    expect(client.getByText('Automation tool')).toBeTruthy();
    // Why a browser's user agent was judged a script.
    expect(within(screen.getByRole('row', { name: /203\.0\.113\.9/ })).getByText('Metronome-regular timing, No Accept-Language')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'waap/bots/summary/')!.query.get('from')).toBeTruthy();
  });

  it('lets an admin rate-limit automated clients and drop a good bot; the edges get the new actions', async () => {
    const api = fake();
    const { user } = renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <BotDashboardPage />
        </MemoryRouter>,
      ),
    );
    const form = within(await screen.findByRole('form', { name: 'Bot protection settings' }, { timeout: 10_000 }));
    expect(form.getByText('2 addresses on its list now')).toBeTruthy();
    await user.click(form.getByRole('combobox', { name: 'Automated clients' }));
    await user.click(await screen.findByRole('option', { name: 'Rate limit' }));
    const rate = form.getByRole('textbox', { name: 'Automated clients: requests a minute' });
    await user.tripleClick(rate);
    await user.keyboard('30');
    await user.click(form.getByRole('button', { name: 'Remove YandexBot' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = api.calls.find((c) => c.method === 'PUT')!.body as WafBotSettings;
    expect(body.actions.automated).toEqual({ action: 'rate_limit', requests_per_minute: 30 });
    expect(body.good_bots.map((b) => b.name)).not.toContain('YandexBot');
    expect(body.good_bots.find((b) => b.name === 'Googlebot')?.rdns_suffixes).toContain('.googlebot.com');
  });
});

describe('the bot dashboard for a viewer', { timeout: 30_000 }, () => {
  signedInAs('viewer');

  it('shows the settings without a way to change them', async () => {
    fake();
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <BotDashboardPage />
        </MemoryRouter>,
      ),
    );
    const form = within(await screen.findByRole('form', { name: 'Bot protection settings' }, { timeout: 10_000 }));
    expect(form.getByText("Only the organisation's owners and admins change these settings.")).toBeTruthy();
    expect(form.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
