import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import type { RumSite } from '@netloom/domain';
import { alert, fakeRumApi, site, SHOP_ID } from '@/features/rum/components/fake-rum-api';
import { RumPage } from './rum-page';

const NEW_ID = 'c1000000-0000-4000-8000-0000000000ff';

function renderAt(url: string) {
  return renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/rum/app-site/*" element={<RumPage kind="app" />} />
          <Route path="/rum/website/*" element={<RumPage kind="website" />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

describe('the RUM page for an editor', { timeout: 60_000 }, () => {
  signedInAs('editor');

  it('adds an app site with its origins, sampling and Do Not Track, and shows its snippet next', async () => {
    const created: RumSite[] = [];
    const api = fakeRumApi({
      sites: created,
      answer: (c) => {
        if (c.method === 'POST' && c.path === 'rum/sites/') {
          created.push(site({ ...(c.body as object), id: NEW_ID, public_key: 'pk_new_0123456789' }));
          return jsonResponse(201, created[0]);
        }
        if (c.path === `rum/sites/${NEW_ID}/snippet/`)
          return jsonResponse(200, { snippet: '<script data-key="pk_new_0123456789"></script>', sdk_url: 'x', ingest_url: 'y' });
        if (c.path === `rum/sites/${NEW_ID}/sourcemaps/`) return jsonResponse(200, []);
        return undefined;
      },
    });
    const { user } = renderAt('/rum/app-site/sites');
    await user.click(await screen.findByRole('button', { name: 'Add app site' }));
    const form = await screen.findByRole('dialog', { name: 'Add app site' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Console');
    await user.type(within(form).getByRole('textbox', { name: /^Allowed origins/ }), 'not an origin{Enter}');
    expect(await within(form).findByText('An origin is a scheme and a host, like https://shop.example.com')).toBeTruthy();
    await user.clear(within(form).getByRole('textbox', { name: /^Allowed origins/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Allowed origins/ }), 'https://app.example.com{Enter}');
    const sampling = within(form).getByRole('textbox', { name: /^Sampling/ });
    await user.clear(sampling);
    await user.type(sampling, '25');
    await user.click(within(form).getByRole('switch', { name: /Do Not Track/ }));
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ name: 'Console', kind: 'app', origins: ['https://app.example.com'], sample_rate: 0.25, honour_dnt: true });
    const setup = await screen.findByRole('dialog', { name: 'Set up Console' });
    expect((await within(setup).findByLabelText('Snippet')).textContent).toContain('pk_new_0123456789');
    expect(within(setup).getByText(/NetloomRUM.setRoute/)).toBeTruthy();
  });

  it("uploads a release's source map for a minified file", async () => {
    const api = fakeRumApi({
      answer: (c) =>
        c.method === 'POST' && c.path === `rum/sites/${SHOP_ID}/sourcemaps/`
          ? jsonResponse(201, {
              id: 'd1000000-0000-4000-8000-000000000001',
              site_id: SHOP_ID,
              release: 'shop@1.4.2',
              file_url: 'https://shop.example.com/app.min.js',
              size: 60,
              created_at: '2026-11-30T12:00:00Z',
            })
          : undefined,
    });
    const { user } = renderAt('/rum/website/sites');
    const table = await screen.findByRole('table', { name: 'Websites' });
    await user.click(within(table).getAllByRole('button', { name: 'View' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Set up Shop' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Release/ }), 'shop@1.4.2');
    await user.type(within(dialog).getByRole('textbox', { name: /^Minified file URL/ }), 'https://shop.example.com/app.min.js');
    const map = JSON.stringify({ version: 3, sources: ['src/cart.ts'], names: [], mappings: 'AAAA' });
    expect(within(dialog).getByRole('button', { name: /^Source map/ })).toBeTruthy();
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, new File([map], 'app.min.js.map', { type: 'application/json' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload source map' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ release: 'shop@1.4.2', file_url: 'https://shop.example.com/app.min.js', map });
  });

  it("creates an alert on a vital's p75 for the chosen site, and deletes one", async () => {
    const api = fakeRumApi({
      alerts: [alert()],
      answer: (c) => {
        if (c.method === 'POST' && c.path === 'rum/alerts/')
          return jsonResponse(201, alert({ ...(c.body as object), id: 'a1000000-0000-4000-8000-0000000000aa', state: 'ok' }));
        if (c.method === 'DELETE') return new Response(null, { status: 204 });
        return undefined;
      },
    });
    const { user } = renderAt('/rum/website/alerts');
    await user.click(await screen.findByRole('button', { name: 'Add alert' }));
    const form = await screen.findByRole('dialog', { name: 'Add alert' });
    await user.click(within(form).getByRole('combobox', { name: 'Vital' }));
    await user.click(await screen.findByRole('option', { name: 'INP (Interaction to Next Paint)' }));
    const threshold = within(form).getByRole('textbox', { name: /^Threshold/ });
    expect((threshold as HTMLInputElement).value).toBe('500');
    await user.clear(threshold);
    await user.type(threshold, '350');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ site_id: SHOP_ID, vital: 'INP', threshold: 350, window_minutes: 30, enabled: true });

    const table = await screen.findByRole('table', { name: 'Alerts' });
    await user.click(within(table).getAllByRole('button', { name: 'Delete' })[0]!);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes().some((c) => c.method === 'DELETE' && c.path === 'rum/alerts/a1000000-0000-4000-8000-000000000001/')).toBe(true));
  });
});
