import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WafApiInventoryRow } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { ApiInventoryPage } from './api-inventory-page';
import { ShadowApiPage } from './shadow-api-page';

const row = (over: Partial<WafApiInventoryRow>): WafApiInventoryRow => ({
  application_id: APP_ID,
  application: 'shop',
  state: 'documented',
  method: 'GET',
  path: '/api/users/{userId}',
  requests: 7,
  errors: 1,
  last_seen: '2026-11-30T10:00:00Z',
  estimated: false,
  ...over,
});
const ROWS = [
  row({}),
  row({ state: 'zombie', method: 'POST', path: '/api/orders', requests: 0, errors: 0, last_seen: null }),
  row({ state: 'shadow', method: 'DELETE', path: '/debug/cache' }),
];

function fake(documented: boolean) {
  return fakeWafApi({
    answer: (c) => {
      if (c.path === 'waap/api-security/inventory/') return jsonResponse(200, ROWS);
      if (c.path === `waap/domains/${APP_ID}/openapi/` && c.method === 'GET') {
        return documented
          ? jsonResponse(200, {
              application_id: APP_ID,
              title: 'Shop API',
              version: '1.2.0',
              openapi: '3.0.3',
              operations: 2,
              uploaded_by: null,
              uploaded_at: '2026-11-30T10:00:00Z',
            })
          : jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
      }
      if (c.path === `waap/domains/${APP_ID}/openapi/` && c.method === 'PUT') {
        return jsonResponse(400, { detail: 'Invalid input.', code: 'invalid', errors: { document: ['Not an OpenAPI 3.0 or 3.1 document'] } });
      }
      return undefined;
    },
  });
}

const render = (page: React.ReactNode, at = `/waf/api-security/api-inventry?application=${APP_ID}`) =>
  renderWithProviders(withQueryClient(<MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>));

describe('API inventory', { timeout: 30_000 }, () => {
  signedInAs('editor');

  it("shows an application's endpoints as documented, zombie or shadow, and says why an upload is refused", async () => {
    const api = fake(false);
    const { user } = render(<ApiInventoryPage />);
    expect(within(await screen.findByRole('row', { name: /\/debug\/cache/ }, { timeout: 10_000 })).getByText('Shadow')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /\/api\/orders/ })).getByText('Zombie')).toBeTruthy();
    expect(await screen.findByText('No OpenAPI document yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Upload OpenAPI document' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('textbox', { name: /^Document/ }));
    await user.paste('swagger: "2.0"');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('Not an OpenAPI 3.0 or 3.1 document')).toBeTruthy();
    await waitFor(() => expect(api.writes()[0]).toMatchObject({ method: 'PUT', body: { document: 'swagger: "2.0"' } }));
  });

  it('shows the document in force, and Shadow API only the endpoints that need a look', async () => {
    fake(true);
    render(<ShadowApiPage />, `/waf/api-security/shadow-api?application=${APP_ID}`);
    expect(await screen.findByText('Shop API 1.2.0 (OpenAPI 3.0.3, 2 operations)', undefined, { timeout: 10_000 })).toBeTruthy();
    await screen.findByRole('row', { name: /\/debug\/cache/ });
    expect(screen.queryByRole('row', { name: /\/api\/users/ })).toBeNull();
    expect(screen.getByRole('row', { name: /\/api\/orders/ })).toBeTruthy();
  });
});
