import { describe, expect, it } from 'vitest';
import { urlTrackingSnapshot, usageSnapshot, type ClientTraffic } from './status-model-clients';
import type { RouterLease } from './router-model';

const leases: RouterLease[] = [
  { interface: 'lan1', mac: 'aa:bb:cc:dd:ee:01', ip: '192.168.10.100', hostname: 'printer', static: true },
  { interface: 'lan1', mac: '02:00:00:00:00:00', ip: '192.168.10.101', hostname: 'client-1', static: false },
  { interface: 'lan1.20', mac: '02:00:00:00:00:01', ip: '192.168.20.100', hostname: 'client-2', static: false },
];
const boot = Date.parse('2026-03-02T06:00:00Z');
const traffic = (hours: number): ClientTraffic => ({ busyS: hours * 3600 * 0.5, peakBps: 2e6, bootMs: boot, nowMs: boot + hours * 3_600_000 });

describe("a simulated gateway's LAN clients", () => {
  it('are the DHCP lease addresses, visiting well-known hosts since boot', () => {
    const t = traffic(4);
    const tracked = urlTrackingSnapshot(leases, t).entries;
    expect(new Set(tracked.map((e) => e.client))).toEqual(new Set(leases.map((l) => l.ip)));
    expect(new Set(tracked.map((e) => e.host)).size).toBeGreaterThan(5);
    for (const e of tracked) {
      expect(e.blocked).toBe(false);
      expect(Date.parse(e.last_seen)).toBeGreaterThanOrEqual(boot);
      expect(Date.parse(e.last_seen)).toBeLessThanOrEqual(t.nowMs);
    }
    expect(tracked.map((e) => e.bytes)).toEqual([...tracked.map((e) => e.bytes)].sort((a, b) => b - a));
    expect(urlTrackingSnapshot(leases, traffic(0)).entries).toEqual([]);
  });

  it('use at least what their visits add up to, more as the day goes on', () => {
    const [early, late] = [traffic(1), traffic(8)];
    const usage = usageSnapshot(leases, late).entries;
    expect(usage.map((u) => `${u.client} ${u.hostname}`)).toEqual(leases.map((l) => `${l.ip} ${l.hostname}`));
    for (const u of usage) {
      const visited = urlTrackingSnapshot(leases, late)
        .entries.filter((e) => e.client === u.client)
        .reduce((a, e) => a + e.bytes, 0);
      expect(u.rx_bytes).toBeGreaterThanOrEqual(visited);
      expect(u.tx_bytes).toBeGreaterThan(0);
      expect(u.tx_bytes).toBeLessThan(u.rx_bytes);
    }
    usageSnapshot(leases, early).entries.forEach((u, i) => expect(usage[i]!.rx_bytes).toBeGreaterThan(u.rx_bytes));
    const lastSeen = (t: ClientTraffic) => urlTrackingSnapshot(leases, t).entries.map((e) => `${e.client} ${e.host} ${e.last_seen}`);
    const seenLate = new Map(lastSeen(late).map((s) => [s.split(' ').slice(0, 2).join(' '), s.split(' ')[2]!]));
    for (const s of lastSeen(early)) {
      const [client, host, at] = s.split(' ');
      expect(Date.parse(seenLate.get(`${client} ${host}`)!)).toBeGreaterThanOrEqual(Date.parse(at!));
    }
  });
});
