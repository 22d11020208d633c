import { describe, expect, it } from 'vitest';
import { deviceOfTopic, telemetryPoint } from './mqtt-bridge';

const AT = new Date('2026-12-01T10:00:00.000Z');
const point = (topic: string, payload: string | Buffer) => telemetryPoint(topic, Buffer.isBuffer(payload) ? payload : Buffer.from(payload), AT);

describe('an MQTT message bridged as a telemetry point', () => {
  it('takes a bare number as the value and JSON or text as the payload', () => {
    expect(point('home/kitchen/temperature', ' 21.5 ')).toEqual({ topic: 'home/kitchen/temperature', at: AT.toISOString(), value: 21.5 });
    expect(point('zigbee2mqtt/door-hall', '{"contact":false,"battery":87}')).toEqual({
      device_id: 'door-hall',
      topic: 'zigbee2mqtt/door-hall',
      at: AT.toISOString(),
      payload: { contact: false, battery: 87 },
    });
    expect(point('tele/plug-1/STATE', 'ON')).toMatchObject({ device_id: 'plug-1', payload: 'ON' });
  });

  it('names the device by a MAC in the topic', () => {
    expect(deviceOfTopic('sensors/A4C138001122/humidity')).toEqual({ mac: 'a4:c1:38:00:11:22' });
  });

  it('leaves out what cannot be a reading: an empty (cleared) message, bytes that are not text, an oversized payload', () => {
    expect(point('a/b', '')).toBeNull();
    expect(point('a/b', Buffer.from([0xff, 0xfe, 0x00, 0x81]))).toBeNull();
    expect(point('a/b', JSON.stringify({ blob: 'x'.repeat(9000) }))).toBeNull();
  });
});
