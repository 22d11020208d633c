import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WafProviderEdge } from '@netloom/domain';
import { fakeApi } from '@/test/fake-api';
import { edge as fakeEdge } from '@/features/waf/components/fake-waf-api';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { SharedPopsPage } from './shared-pops-page';

/** The console's fake edge, as the provider's list shows it. */
const edge = (over: Partial<WafProviderEdge>): WafProviderEdge => ({
  ...fakeEdge,
  shared: false,
  organisation: 'Netloom Operations',
  foreign_applications: 0,
  ...over,
});

describe('the provider’s WAF POPs', { timeout: 30_000 }, () => {
  signedInAs('owner');

  it('shares an edge with every organisation, and says why one still serving others stays shared', async () => {
    const busy = edge({ id: 'e0900000-0000-4000-8000-000000000002', name: 'pop-ams', shared: true, applications: 3, foreign_applications: 2 });
    let edges = [edge({}), busy];
    const api = fakeApi({ 'GET admin/waf-pops/': () => edges }, (call) => {
      if (call.method !== 'PUT') return undefined;
      if (call.path.includes(busy.id)) {
        const message = 'It serves 2 application(s) of other organisations: they must choose another edge first';
        return jsonResponse(409, { detail: message, code: 'conflict', errors: { shared: [message] } });
      }
      edges = [edge({ shared: true }), busy];
      return jsonResponse(200, edges[0]);
    });
    const { user } = renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <SharedPopsPage />
        </MemoryRouter>,
      ),
    );
    const fra = within(await screen.findByRole('row', { name: /pop-fra/ }, { timeout: 10_000 }));
    expect(fra.getByText('Netloom Operations')).toBeTruthy();
    await user.click(fra.getByRole('switch', { name: 'Share pop-fra' }));
    await waitFor(() => expect((fra.getByRole('switch', { name: 'Share pop-fra' }) as HTMLInputElement).checked).toBe(true));
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', path: 'admin/waf-pops/e0900000-0000-4000-8000-000000000001/', body: { shared: true } });

    const ams = within(screen.getByRole('row', { name: /pop-ams/ }));
    await user.click(ams.getByRole('switch', { name: 'Share pop-ams' }));
    expect(await screen.findByText(/It serves 2 application\(s\) of other organisations/)).toBeTruthy();
    expect((ams.getByRole('switch', { name: 'Share pop-ams' }) as HTMLInputElement).checked).toBe(true);
  });
});
