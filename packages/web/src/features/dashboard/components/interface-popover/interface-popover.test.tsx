import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';
import { InterfacePopover } from './interface-popover';
// The popover loads its charts lazily; here they are loaded before the first test, as a warm cache would have them.
import './interface-charts';

const t0 = Date.parse('2026-01-02T10:00:00Z');
const answer = [
  {
    ifname: 'eth0',
    points: [0, 10, 20].map((s) => ({ at: new Date(t0 + s * 1000).toISOString(), rx_bytes: s * 100, tx_bytes: s * 50, latency_ms: 20 + s, loss_pct: s / 10 })),
  },
];

function withQueryClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

// Lets the stubbed fetch resolve and the query settle, under fake timers.
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('InterfacePopover', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const device = deviceRow('0b6f3b2e-8d3c-4c55-9a57-6f0b7f1f5a01', { name: 'edge-chennai' });

  it('asks for nothing while closed, then the last 10 minutes every 5 s while open', async () => {
    renderWithProviders(withQueryClient(<InterfacePopover device={device} tid="7e0b6c57-1b7c-4f0e-9c0a-51a3a1f0d111" />));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Interface graphs for edge-chennai' }));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = String(fetchMock.mock.calls[0]![0]);
    expect(url).toContain(`/api/v1/device/${device.id}/metrics/`);
    expect(url).toContain('minutes=10');
    expect(url).toContain('tid=7e0b6c57-1b7c-4f0e-9c0a-51a3a1f0d111');

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fireEvent.click(screen.getByRole('button', { name: 'Interface graphs for edge-chennai' }));
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('draws a ping and an interface graph per interface and a sparkline per WAN link', async () => {
    renderWithProviders(withQueryClient(<InterfacePopover device={device}>WAN1 up</InterfacePopover>));
    fireEvent.click(screen.getByText('WAN1 up'));
    await flush();
    // The charts come in a chunk of their own (loaded up front in this file): one more turn to render them.
    await flush();
    expect(screen.getByRole('img', { name: 'Ping · eth0' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Interface · eth0' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'WAN1 up and down traffic' }).querySelectorAll('polyline')).toHaveLength(2);
    // 1000 bytes in 10 s down (800 bits a second), 500 up; the latest loss 2 %, worst 2 %.
    expect(screen.getByText(/↑ 400 bps ↓ 800 bps/)).toBeTruthy();
    expect(screen.getByText('Loss now 2.00%, worst 2.00%')).toBeTruthy();
  });

  it('shows the failure with Retry, keeping the rest of the page', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ detail: 'Not found.', code: 'not_found' }), { status: 404 }));
    renderWithProviders(withQueryClient(<InterfacePopover device={device} />));
    fireEvent.click(screen.getByRole('button', { name: 'Interface graphs for edge-chennai' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('Retry');
  });
});
