import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { deviceRow } from '@/test/device-row';
import { fakeApi, pageOf } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { SquidLogTable } from './squid-log-table';

const [A, B] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const line = (id: string, device_id: string, url: string) => ({
  id,
  time: '2026-01-02T10:00:00Z',
  device_id,
  device_name: 'branch',
  line: `1767348000.000 5 10.0.0.5 TCP_MISS/200 100 GET ${url} - HIER_DIRECT/1.1.1.1 text/html`,
  elapsed_ms: 5,
  client_ip: '10.0.0.5',
  result: 'TCP_MISS/200',
  status: 200,
  bytes: 100,
  method: 'GET',
  url,
  user: null,
  content_type: 'text/html',
});

describe('proxy log rows of two gateways of one name', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('name each gateway with its serial', async () => {
    fakeApi({ 'GET device/list/': () => pageOf([deviceRow(A, { name: 'branch', serial: 'SN-1' }), deviceRow(B, { name: 'branch', serial: 'SN-2' })]) });
    signIn('owner');
    renderWithProviders(
      withQueryClient(<SquidLogTable rows={[line('1', A, 'http://one.example/'), line('2', B, 'http://two.example/')]} loading={false} timezone="UTC" />),
    );
    const first = (await screen.findByText('branch · SN-1')).closest('tr')!;
    expect(within(first).getAllByText(/one\.example/).length).toBeGreaterThan(0);
    expect(within(screen.getByText('branch · SN-2').closest('tr')!).getAllByText(/two\.example/).length).toBeGreaterThan(0);
  });
});
