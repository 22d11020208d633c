import { describe, expect, it } from 'vitest';
import { classifyInventoryDevice } from './telemetry-class';
import { iotDeviceReportSchema } from './discovery';

const noVendor = { known: false, reason: 'invalid', mac: null } as const;

describe('a device known by its telemetry', () => {
  it('is a sensor, unsure, when it is known by nothing else', () => {
    const c = classifyInventoryDevice(null, noVendor, true);
    expect(c.class).toBe('sensor');
    expect(c.confidence).toBeLessThan(0.5);
    expect(c.reasons).toEqual(['Publishes readings over MQTT']);
  });

  it('is unknown when it neither reports nor publishes, and stronger evidence outweighs publishing', () => {
    expect(classifyInventoryDevice(null, noVendor, false).class).toBe('unknown');
    const camera = iotDeviceReportSchema.parse({
      mac: '00:11:22:33:44:55',
      server_ports: [{ protocol: 6, port: 554 }],
      mdns: ['_rtsp._tcp'],
      first_seen: '2026-01-01T00:00:00Z',
      last_seen: '2026-01-01T00:00:00Z',
    });
    expect(classifyInventoryDevice(camera, noVendor, true).class).toBe('camera');
  });
});
