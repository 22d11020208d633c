import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';
import { arpSnapshot, bgpProfileOf, bgpSnapshot, systemSnapshot } from './status-model';

describe("a simulated gateway's status", () => {
  const profile = gatewayProfile(mulberry32(3), 0);

  it('speaks BGP on every third gateway: neighbours connect after boot, the ISP peer retries while its line is down', () => {
    expect(bgpProfileOf(gatewayProfile(mulberry32(3), 1), 1)).toBeNull();
    const bgp = bgpProfileOf(profile, 0)!;
    expect(bgpSnapshot(bgp, 5, true).entries.map((n) => n.state)).toEqual(['Connect', 'Connect']);
    const later = bgpSnapshot(bgp, 600, true);
    expect(later.local).toEqual({ ip: profile.vpnIp, asn: 64_512 });
    expect(later.entries.map((n) => n.state)).toEqual(['Established', 'Established']);
    expect(later.entries[0]!.msg_received).toBeGreaterThan(later.entries[0]!.msg_sent);
    expect(bgpSnapshot(bgp, 600, false).entries.map((n) => n.state)).toEqual(['Active', 'Established']);
    expect(bgpSnapshot(null, 600, true)).toEqual({ kind: 'bgp', local: null, entries: [] });
  });

  it('reports its board, firmware, load and clock, and its neighbours on the LAN and the WAN', () => {
    const [system] = systemSnapshot(profile, 3_600, 1).entries;
    expect(system).toMatchObject({ model: profile.model, uptime_s: 3_600 });
    expect(system!.cpu_pct).toBeGreaterThan(systemSnapshot(profile, 3_600, 0).entries[0]!.cpu_pct);
    expect(system).not.toHaveProperty('ntp');
    const ntp = { enabled: true, servers: ['time.example.com'], timezone: 'Europe/Paris' };
    expect(systemSnapshot(profile, 3_600, 1, ntp).entries[0]).toMatchObject({
      time_zone: 'Europe/Paris',
      ntp: { state: 'synchronised', source: 'time.example.com' },
    });
    expect(systemSnapshot(profile, 3_600, 1, { ...ntp, enabled: false }).entries[0]?.ntp).toEqual({ state: 'off', source: null, offset_ms: null });
    const arp = arpSnapshot(
      [
        { name: 'eth0', kind: 'wan', address: '203.0.113.7', prefix: 24 },
        { name: 'lan1', kind: 'lan', address: '192.168.1.1', prefix: 24 },
      ],
      [{ interface: 'lan1', mac: '02:00:00:00:00:01', ip: '192.168.1.100', hostname: 'pc-1', static: false }],
      (n) => `02:00:00:00:00:${n.toString(16)}`,
    );
    expect(arp.entries.map((e) => `${e.interface} ${e.ip}`)).toEqual(['eth0 203.0.113.1', 'lan1 192.168.1.100']);
  });
});
