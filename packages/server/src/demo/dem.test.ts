import { describe, expect, it, vi } from 'vitest';
import { buildDevices, endpointExperience, type Fleet } from '@netloom/simulator';
import { DEMO_WIFI_DIP, startDemoDemIncidents } from './dem';
import { DEMO_ZTNA } from './ztna';

describe("the demo's DEM incident", () => {
  it("weakens one person's Wi-Fi a little after the start, for a few minutes, then again every half hour", () => {
    vi.useFakeTimers();
    try {
      const devices = buildDevices({
        url: 'ws://127.0.0.1:1/agent/v1',
        tenants: [{ enrolmentKey: 'k'.repeat(16), gateways: 0, endpoints: 6, emailDomain: 'acme.test', endpointSpecs: DEMO_ZTNA.Acme!.people }],
      });
      const fleet = { devices } as unknown as Fleet;
      const log = { info: vi.fn() } as unknown as Parameters<typeof startDemoDemIncidents>[1];
      const stop = startDemoDemIncidents(fleet, log);
      const liam = endpointExperience(devices, DEMO_WIFI_DIP.user)!;
      const others = DEMO_ZTNA.Acme!.people.filter((p) => p.user !== DEMO_WIFI_DIP.user).map((p) => endpointExperience(devices, p.user)!);
      expect(liam.changed).toEqual({});
      vi.advanceTimersByTime(DEMO_WIFI_DIP.firstAfterMs + 1);
      expect(liam.changed).toEqual({ wifiDbm: DEMO_WIFI_DIP.dbm });
      expect(others.every((o) => Object.keys(o.changed).length === 0)).toBe(true);
      vi.advanceTimersByTime(DEMO_WIFI_DIP.forMs);
      expect(liam.changed).toEqual({});
      vi.advanceTimersByTime(DEMO_WIFI_DIP.everyMs - DEMO_WIFI_DIP.forMs);
      expect(liam.changed).toEqual({ wifiDbm: DEMO_WIFI_DIP.dbm });
      stop();
      vi.advanceTimersByTime(DEMO_WIFI_DIP.forMs);
      // Stopped with the demo: nothing more happens to it.
      expect(liam.changed).toEqual({ wifiDbm: DEMO_WIFI_DIP.dbm });
    } finally {
      vi.useRealTimers();
    }
  });
});
