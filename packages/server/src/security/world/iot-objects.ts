import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/build';
import { devices } from '../../db/schema/index';
import { must } from './requests';

/**
 * The IoT Gateway's objects of one tenant, each named after `name`: a device its gateway reported
 * (the name in its host name), a forwarding rule (in its unit) and a segment fencing the device.
 * The device goes in through the ingest as a gateway's batch would: no call of the API makes one.
 */
export function iotObjects(t: TestApp, token: string, tenantId: string) {
  const { app } = t;
  const q = `?tenant_id=${tenantId}`;
  const device = async (gatewayId: string, name: string): Promise<string> => {
    const [gateway] = await app.services.db.select({ enrolment: devices.enrolment }).from(devices).where(eq(devices.id, gatewayId));
    const mac = `02:${randomBytes(5).toString('hex').match(/../g)!.join(':')}`;
    const at = new Date().toISOString();
    await app.services.iotIngest.devices(
      { id: gatewayId, tenantId, enrolment: gateway!.enrolment },
      {
        type: 'iot_devices',
        seq: Number.parseInt(randomBytes(5).toString('hex'), 16),
        devices: [
          {
            mac,
            ip: `10.77.${randomBytes(1)[0]! % 250}.${(randomBytes(1)[0]! % 250) + 2}`,
            hostname: name.slice(0, 255),
            mdns: ['_rtsp._tcp'],
            ssdp: [],
            server_ports: [{ protocol: 6, port: 554 }],
            client_ports: [],
            first_seen: at,
            last_seen: at,
          },
        ],
      },
    );
    const { results } = (await must(app, 'GET', `/api/v1/iot/devices/${q}&search=${mac}`, token)) as { results: { id: string }[] };
    return results[0]!.id;
  };
  return {
    device,
    forwardRule: async (name: string) =>
      String(
        (
          await must(app, 'POST', `/api/v1/iot/forward-rules/${q}`, token, {
            filter: `sensors/${randomBytes(4).toString('hex')}/+`,
            series: 'temperature',
            unit: name.slice(0, 16),
            device_wildcard: 1,
          })
        ).id,
      ),
    segment: async (iotDeviceId: string) => {
      const { results } = (await must(app, 'POST', `/api/v1/iot/segments/${q}`, token, { device_id: iotDeviceId, mode: 'firewall' })) as {
        results: { id: string }[];
      };
      return results[0]!.id;
    },
  };
}
