import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { pageOf } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { APP_ID, DEVICE_ID, SERVER_ID, demApplication, fakeDemApi } from '@/features/dem/components/fake-dem-api';
import { DemApplicationPage } from './dem-application-page';

const render = (id: string) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/dem/applications/${id}`]}>
        <Routes>
          <Route path="/dem/applications/:applicationId" element={<DemApplicationPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

const result = {
  at: '2026-11-30T09:05:00Z',
  device_id: DEVICE_ID,
  device_name: 'alice-laptop',
  user: 'alice@acme.test',
  application_id: APP_ID,
  test_id: `${APP_ID}:http`,
  kind: 'http',
  ok: true,
  status: 200,
  error: null,
  dns_ms: 14,
  connect_ms: 60,
  tls_ms: 90,
  ttfb_ms: 260,
  total_ms: 1400,
  latency_ms: null,
  loss: null,
  hops: null,
  path: 'relay',
  relay: 'relay-fra',
  network: 'wifi',
  wifi_ssid: 'Acme-Guest',
  wifi_signal_dbm: -79,
  cpu_pct: 20,
  memory_pct: 40,
  location: 'Chennai',
  score: 38,
  worst_component: 'wifi',
  cause: 'wifi',
};

describe("an application's detail", { timeout: 30_000 }, () => {
  signedInAs('viewer');

  it('shows its score, what degrades it, its charts, the users affected and the latest results', async () => {
    const api = fakeDemApi({
      applications: [demApplication({ kind: 'private', target: { ztna_server_id: SERVER_ID } })],
      answer: (c) =>
        c.path === 'dem/results/' ? new Response(JSON.stringify(pageOf([result])), { headers: { 'Content-Type': 'application/json' } }) : undefined,
    });
    render(APP_ID);
    expect(await screen.findByRole('heading', { name: 'Office 365', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Private application · ZTNA server intranet (intranet.corp.local)')).toBeTruthy();
    expect(within(await screen.findByLabelText('Application score')).getByLabelText('Score 64')).toBeTruthy();

    const degrades = within(screen.getByRole('region', { name: 'What degrades it' }));
    expect(await degrades.findByText('The slowest part is wi-fi signal.')).toBeTruthy();
    // Worst first: the Wi-Fi signal's score heads the list.
    const bars = within(degrades.getByLabelText('Component scores')).getAllByRole('progressbar');
    expect(bars[0]!.getAttribute('aria-label')).toBe('Wi-Fi signal score');
    expect(within(degrades.getByLabelText('Causes now')).getByText('Wi-Fi')).toBeTruthy();

    // Each chart is drawn (the fixture's two steps have data for every one of them).
    for (const title of ['Score over time', 'Page timings', 'Network latency', 'Packet loss (%)', 'Wi-Fi signal (dBm)'])
      expect(screen.getByRole('img', { name: title })).toBeTruthy();

    const latest = within(await screen.findByRole('table', { name: 'Latest test results' }));
    const row = within(await latest.findByRole('row', { name: /alice-laptop/ }));
    expect(row.getByText('OK (200)')).toBeTruthy();
    expect(row.getByText('Relay relay-fra')).toBeTruthy();
    expect(row.getByText('Wi-Fi · Acme-Guest · -79 dBm')).toBeTruthy();
    expect(row.getByText('1400 ms')).toBeTruthy();

    // Every read is of this application.
    for (const path of ['dem/scores/', 'dem/timeseries/', 'dem/affected-users/', 'dem/results/'])
      expect(api.calls.find((c) => c.path === path)!.query.get('application_id'), path).toBe(APP_ID);
  });

  it('an application that is not the tenant’s says so', async () => {
    fakeDemApi();
    render('d0e00000-0000-4000-8000-0000000000ff');
    expect(await screen.findByText('No such application')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the overview' }).getAttribute('href')).toBe('/dem/dashboard');
  });
});
