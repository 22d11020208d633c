import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { fakeContext } from '@/test/fake-canvas';
import { renderWithProviders } from '@/test/render';
import { fakeRumApi, SHOP_ID } from '@/features/rum/components/fake-rum-api';
import { RumPage } from './rum-page';

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

const originalGetContext = HTMLCanvasElement.prototype.getContext;
beforeEach(() => {
  HTMLCanvasElement.prototype.getContext = vi.fn(() => fakeContext()) as unknown as typeof originalGetContext;
});
afterEach(() => {
  HTMLCanvasElement.prototype.getContext = originalGetContext;
});

describe('the RUM page', { timeout: 60_000 }, () => {
  signedInAs('viewer');

  it("shows a website's vitals with their ratings, the slowest pages with their attribution, and narrows to a breakdown's row", async () => {
    const api = fakeRumApi();
    const { user } = renderAt('/rum/website/performance?window=7d');

    expect(await screen.findByRole('tab', { name: 'Website', selected: true })).toBeTruthy();
    const lcp = await screen.findByRole('button', { name: 'LCP p75 3.12 s' });
    expect(within(lcp).getByText('Needs improvement')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: 'CLS p75 0.31' })).getByText('Poor')).toBeTruthy();
    expect(screen.getByText('1,520')).toBeTruthy();
    expect(screen.getByText('58.0%')).toBeTruthy();
    // The chart of the p75 over time is drawn (its title), with its bands named in its options.
    expect(await screen.findByText('LCP p75 over time')).toBeTruthy();

    const slowest = await screen.findByRole('table', { name: 'Slowest pages by LCP' });
    expect(await within(slowest).findByText('main > img.hero')).toBeTruthy();
    expect(within(slowest).getByText('https://cdn.example.com/hero.avif')).toBeTruthy();
    expect(within(slowest).getByText('resourceLoadDuration 3900 ms · ttfb 600 ms')).toBeTruthy();

    // The site picker offers this tab's sites only; the first is shown, over the window of the URL.
    const overview = api.calls.find((c) => c.path === 'rum/overview/')!;
    expect(overview.query.get('site_id')).toBe(SHOP_ID);
    expect(Date.parse(overview.query.get('end_time')!) - Date.parse(overview.query.get('start_time')!)).toBe(7 * 86_400_000);
    await user.click(screen.getByRole('combobox', { name: 'Website' }));
    expect(screen.getByRole('option', { name: 'Blog' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Console app' })).toBeNull();
    await user.keyboard('{Escape}');

    // By country: a row's Filter narrows every figure to it.
    await user.click(screen.getByRole('radio', { name: 'Country' }));
    const byCountry = await screen.findByRole('table', { name: 'LCP by country' });
    await user.click(await within(byCountry).findByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Country: FR')).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === 'rum/overview/' && c.query.get('country') === 'FR')).toBe(true));

    // Another vital's tile changes the charts and tables to it.
    await user.click(screen.getByRole('button', { name: 'INP p75 180 ms' }));
    expect(await screen.findByRole('table', { name: 'Slowest pages by INP' })).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === 'rum/vitals/timeseries/' && c.query.get('vital') === 'INP')).toBe(true));
  });

  it('lists the top errors with their error rate, and opens one with its stack resolved through a source map', async () => {
    fakeRumApi();
    const { user } = renderAt('/rum/website/errors');
    const table = await screen.findByRole('table', { name: 'Top errors' });
    expect(await screen.findByText('3.2%')).toBeTruthy();
    expect(await within(table).findByText("TypeError: Cannot read properties of undefined (reading 'total')")).toBeTruthy();
    expect(within(table).getByText('Resolved')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Stack trace').textContent).toContain('at cartTotal (src/cart.ts:12:7)');
  });

  it("lists the sessions and follows one's journey: its pages, vitals and errors in order", async () => {
    fakeRumApi();
    const { user } = renderAt('/rum/website/sessions');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    expect(await within(table).findByText('Chrome on Linux')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'View' }));

    expect(await screen.findByText('TypeError: boom at checkout')).toBeTruthy();
    expect(screen.getByText('Viewed / (loaded in 1.83 s)')).toBeTruthy();
    expect(screen.getByText('LCP 2.10 s on /')).toBeTruthy();
    expect(screen.getByText('h1.title')).toBeTruthy();
    expect(screen.getByText('Went from / to /checkout')).toBeTruthy();
    expect(screen.getByText('2 page views, 1 errors')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'All sessions' }));
    expect(await screen.findByRole('table', { name: 'Sessions' })).toBeTruthy();
  });

  it('shows a viewer the sites and their snippet but no way to change them', async () => {
    fakeRumApi();
    const { user } = renderAt('/rum/website/sites');
    const table = await screen.findByRole('table', { name: 'Websites' });
    expect(await within(table).findByText('Shop')).toBeTruthy();
    expect(within(table).getAllByText('50%')).toHaveLength(2);
    expect(within(table).getAllByText('Honoured')).toHaveLength(2);
    expect(within(table).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add website' })).toBeNull();

    await user.click(within(table).getAllByRole('button', { name: 'View' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Set up Shop' });
    expect((await within(dialog).findByLabelText('Snippet')).textContent).toContain('data-key="pk_shop_0123456789"');
    expect(within(dialog).getByRole('button', { name: 'Copy snippet' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Upload source map' })).toBeNull();
  });

  it("shows the chosen site's alerts with their state, without the other sites'", async () => {
    fakeRumApi();
    renderAt('/rum/website/alerts');
    const table = await screen.findByRole('table', { name: 'Alerts' });
    expect(await within(table).findByText('Alerting')).toBeTruthy();
    expect(within(table).getByText('4.41 s')).toBeTruthy();
    expect(within(table).queryByText('INP')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add alert' })).toBeNull();
  });

  it('says a tab has no site yet rather than showing empty charts', async () => {
    fakeRumApi({ sites: [] });
    renderAt('/rum/app-site/performance');
    expect(await screen.findByText('No app site monitored yet')).toBeTruthy();
    expect(screen.queryByText('LCP p75 over time')).toBeNull();
  });
});
