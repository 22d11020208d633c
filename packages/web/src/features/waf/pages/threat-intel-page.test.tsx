import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_WAF_POLICY } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { ThreatIntelPage } from './threat-intel-page';

const LIST = 'f1000000-0000-4000-8000-000000000001';
const list = {
  id: LIST,
  name: 'Tor exits',
  action: 'deny',
  url: null,
  refresh_hours: 24,
  entries: 2,
  rejected: 1,
  fetched_at: null,
  fetch_error: null,
  updated_at: '2026-11-30T10:00:00Z',
};

describe('threat-intel lists', { timeout: 30_000 }, () => {
  signedInAs('editor');

  it('names the applications whose policy uses a list, and creates one from pasted addresses', async () => {
    const api = fakeWafApi({
      policy: { ...DEFAULT_WAF_POLICY, threat_lists: [LIST] },
      answer: (c) =>
        c.path === 'waap/threat-intel/'
          ? c.method === 'GET'
            ? jsonResponse(200, [list])
            : jsonResponse(201, { ...list, id: 'f1000000-0000-4000-8000-000000000002', name: 'Scanners' })
          : undefined,
    });
    const { user } = render();
    const row = within(await screen.findByRole('row', { name: /Tor exits/ }, { timeout: 10_000 }));
    await waitFor(() => expect(row.getByText('shop')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Add list' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add threat-intel list' }));
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Scanners');
    await user.click(dialog.getByRole('textbox', { name: 'Addresses and subnets' }));
    await user.paste('198.51.100.7\n203.0.113.0/24\nnot an address');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ name: 'Scanners', action: 'deny', refresh_hours: 24, entries: '198.51.100.7\n203.0.113.0/24\nnot an address' });
  });
});

function render() {
  return renderWithProviders(
    withQueryClient(
      <MemoryRouter>
        <ThreatIntelPage />
      </MemoryRouter>,
    ),
  );
}
