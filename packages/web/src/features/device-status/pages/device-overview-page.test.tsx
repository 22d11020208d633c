import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { DeviceOverviewPage } from './device-overview-page';

const GW = '11111111-1111-4111-8111-111111111111';
const render = (url: string) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/sdwan/device/configure/status/*" element={<DeviceOverviewPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

const appliance = { board: 'x86-64', model: 'NL-500', firmware: '2.4.1', uptime_s: 90_000, cpu_pct: 23, memory_pct: 41, disk_pct: 12 };
let system: Record<string, unknown> = appliance;
const interfaces = [{ name: 'lan1', kind: 'lan', address: '192.168.1.1', prefix: 24 }];
const t0 = Date.parse('2026-01-02T10:00:00Z');
const cpuPoints = [0, 60, 120].map((s, i) => ({ at: new Date(t0 + s * 1000).toISOString(), cpu_pct: 10 + i * 5, memory_pct: 40 }));

/** A gateway whose snapshots were reported just now and whose system metrics are `points`. */
function gateway(points: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/device/list/')) return jsonResponse(200, { count: 0, next: null, previous: null, results: [] });
      if (init?.method === 'POST') return jsonResponse(202, { job_id: '22222222-2222-4222-8222-222222222222' });
      if (url.includes('/system-metrics/')) return jsonResponse(200, points);
      const snapshot = url.includes('/interfaces/') ? { kind: 'interfaces', entries: interfaces } : { kind: 'system', entries: [system] };
      return jsonResponse(200, { device_id: GW, kind: snapshot.kind, at: new Date().toISOString(), snapshot });
    }),
  );
}

describe('device status overview', () => {
  afterEach(() => {
    system = appliance;
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('asks for Please Select Device without a gateway', async () => {
    gateway([]);
    signIn('viewer');
    render('/sdwan/device/configure/status/deviceoverview/device-interfaces');
    expect(await screen.findByText('Please Select Device')).toBeTruthy();
  });

  it("shows the gateway's model, firmware, uptime and load on cards, and its interfaces", async () => {
    gateway([]);
    signIn('viewer');
    render(`/sdwan/device/configure/status/deviceoverview/device-interfaces?device=${GW}`);
    expect((await screen.findByRole('group', { name: 'Model' })).textContent).toContain('NL-500');
    expect(screen.getByRole('group', { name: 'Firmware' }).textContent).toContain('2.4.1');
    expect(screen.getByRole('group', { name: 'Up for' }).textContent).toContain('1 d 1 h');
    expect(screen.getByRole('group', { name: 'CPU' }).textContent).toContain('23%');
    const table = await screen.findByRole('table', { name: 'Interfaces' });
    expect((await within(table).findByText('lan1')).closest('tr')!.textContent).toContain('192.168.1.1');
  });

  it('says what a Linux gateway running the agent can run, in its system information', async () => {
    system = { ...appliance, board: 'QEMU Standard PC', capabilities: ['nftables', 'dnsmasq', 'frr', 'bgpd'] };
    gateway([]);
    signIn('viewer');
    render(`/sdwan/device/configure/status/sysInfo?device=${GW}`);
    const table = await screen.findByRole('table', { name: 'System information' });
    expect((await within(table).findByText('Can run')).closest('tr')!.textContent).toContain('nftables, dnsmasq, frr, bgpd');
  });

  it("shows the box's time zone and whom its clock follows", async () => {
    system = { ...appliance, time_zone: 'Asia/Kolkata', ntp: { state: 'synchronised', source: '203.0.113.10', offset_ms: -0.03 } };
    gateway([]);
    signIn('viewer');
    render(`/sdwan/device/configure/status/sysInfo?device=${GW}`);
    const table = await screen.findByRole('table', { name: 'System information' });
    expect((await within(table).findByText('Time zone')).closest('tr')!.textContent).toContain('Asia/Kolkata');
    expect(within(table).getByText('Clock').closest('tr')!.textContent).toContain('Synchronised to 203.0.113.10 (offset under 0.1 ms)');
  });

  it('shows no such line for an appliance, which does not report it', async () => {
    gateway([]);
    signIn('viewer');
    render(`/sdwan/device/configure/status/sysInfo?device=${GW}`);
    const table = await screen.findByRole('table', { name: 'System information' });
    expect(within(table).getByText('Board')).toBeTruthy();
    expect(within(table).queryByText('Can run')).toBeNull();
    expect(within(table).queryByText('Clock')).toBeNull();
  });

  it('draws CPU usage over time on the CPU graph tab, and No Data when the gateway sent none', async () => {
    gateway(cpuPoints);
    signIn('viewer');
    const first = render(`/sdwan/device/configure/status/cpugraph?device=${GW}`);
    expect(await screen.findByRole('img', { name: 'CPU usage' })).toBeTruthy();
    // Current CPU, on the percent axis.
    expect(within(screen.getByRole('table', { name: 'Series statistics' })).getAllByText('20.00%').length).toBeGreaterThan(0);

    first.unmount();
    gateway([]);
    render(`/sdwan/device/configure/status/cpugraph?device=${GW}`);
    expect(await screen.findByText('No Data')).toBeTruthy();
  });
});
