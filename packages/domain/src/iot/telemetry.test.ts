import { describe, expect, it } from 'vitest';
import {
  batteryOf,
  forwardPoint,
  iotTelemetryMessageSchema,
  iotTelemetryPointSchema,
  readNumber,
  telemetryForwardSchema,
  type TelemetryForward,
} from './telemetry';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2026-12-01T10:00:00.000Z';
const point = (over: Record<string, unknown>) => iotTelemetryPointSchema.parse({ topic: 'x', at, ...over });

describe('the iot_telemetry message', () => {
  it('carries a value or a payload, not both and not neither', () => {
    const message = { type: 'iot_telemetry', seq: 3, points: [{ topic: 'zigbee2mqtt/kitchen', at, payload: { temperature: 21.5, battery: 87 } }] };
    expect(iotTelemetryMessageSchema.parse(message).points[0]!.payload).toEqual({ temperature: 21.5, battery: 87 });
    expect(iotTelemetryPointSchema.safeParse({ topic: 't', at, value: 1, payload: 2 }).success).toBe(false);
    expect(iotTelemetryPointSchema.safeParse({ topic: 't', at }).success).toBe(false);
  });

  it('refuses a wildcard topic, a huge payload, unstorable text and an impossible battery level', () => {
    expect(iotTelemetryPointSchema.safeParse({ topic: 'a/+', at, value: 1 }).success).toBe(false);
    expect(iotTelemetryPointSchema.safeParse({ topic: 't', at, payload: 'x'.repeat(9000) }).success).toBe(false);
    expect(iotTelemetryPointSchema.safeParse({ topic: 't', at, payload: { 'a\u0000': 1 } }).success).toBe(false);
    expect(iotTelemetryPointSchema.safeParse({ topic: 't', at, value: 1, battery_pct: 101 }).success).toBe(false);
    expect(iotTelemetryPointSchema.safeParse({ topic: 't', at, value: 1, mac: 'AA-BB-CC-00-11-22' }).data?.mac).toBe('aa:bb:cc:00:11:22');
  });
});

describe('a payload as a number', () => {
  it('reads a bare number, a number written as text, a boolean, or the field a path names', () => {
    expect(readNumber(21.5)).toEqual({ ok: true, value: 21.5 });
    expect(readNumber(' 21.5 ')).toEqual({ ok: true, value: 21.5 });
    expect(readNumber('-3e2')).toEqual({ ok: true, value: -300 });
    expect(readNumber({ contact: false }, 'contact')).toEqual({ ok: true, value: 0 });
    expect(readNumber({ ENERGY: { Power: 42 } }, 'ENERGY.Power')).toEqual({ ok: true, value: 42 });
    expect(readNumber({ sensors: [{ value: 1 }, { value: 7 }] }, 'sensors.1.value')).toEqual({ ok: true, value: 7 });
  });

  it('refuses anything else, saying why', () => {
    expect(readNumber('ON')).toEqual({ ok: false, reason: 'Not a number: "ON"' });
    expect(readNumber('')).toMatchObject({ ok: false });
    expect(readNumber('0x10')).toMatchObject({ ok: false });
    expect(readNumber({ temperature: 21 })).toMatchObject({ ok: false, reason: expect.stringMatching(/^Not a number/) });
    expect(readNumber({ humidity: 40 }, 'temperature')).toEqual({ ok: false, reason: "No field 'temperature' in the payload" });
    expect(readNumber({ t: null }, 't')).toMatchObject({ ok: false });
    // Never the prototype's: a path names the payload's own fields only.
    expect(readNumber({}, 'toString')).toMatchObject({ ok: false });
    expect(telemetryForwardSchema.safeParse({ id: id(1), filter: '#', series: 'x', value_path: '__proto__.x' }).success).toBe(false);
  });

  it("finds a battery level in the gateway's word or a known field, within 0–100", () => {
    expect(batteryOf({ payload: { temperature: 20, battery: 87 } })).toBe(87);
    expect(batteryOf({ payload: { batteryLevel: '55' } })).toBe(55);
    expect(batteryOf({ battery_pct: 12, payload: { battery: 87 } })).toBe(12);
    expect(batteryOf({ payload: { battery: 3.1 * 1000 } })).toBeNull();
    expect(batteryOf({ payload: 21.5 })).toBeNull();
  });
});

describe('forwarding rules', () => {
  const rules: TelemetryForward[] = [
    { id: id(1), filter: 'zigbee2mqtt/+', series: 'temperature', value_path: 'temperature', unit: '°C', device_wildcard: 1 },
    { id: id(2), filter: 'shellies/+/sensor/humidity', series: 'humidity', unit: '%', device_wildcard: 1 },
    { id: id(3), filter: 'plant/#', series: 'plant_value' },
  ].map((r) => telemetryForwardSchema.parse(r));

  it('sends each point to the series of the first matching rule, for the device its topic names', () => {
    expect(forwardPoint(rules, point({ topic: 'zigbee2mqtt/Kitchen', payload: { temperature: 21.5, battery: 90 } }))).toEqual({
      ok: true,
      rule_id: id(1),
      series: 'temperature',
      unit: '°C',
      device: 'Kitchen',
      at,
      value: 21.5,
    });
    expect(forwardPoint(rules, point({ topic: 'shellies/ht-1/sensor/humidity', value: 48 }))).toMatchObject({ series: 'humidity', device: 'ht-1', value: 48 });
    // No '+' names it: the point's own id, else its MAC, else the topic.
    expect(forwardPoint(rules, point({ topic: 'plant/line1/pressure', value: 2, device_id: 'plc-7' }))).toMatchObject({ device: 'plc-7', unit: null });
    expect(forwardPoint(rules, point({ topic: 'plant/line1/pressure', value: 2 }))).toMatchObject({ device: 'plant/line1/pressure' });
  });

  it('refuses a point no rule matches, or whose payload holds no number where the rule reads', () => {
    expect(forwardPoint(rules, point({ topic: 'other/topic', value: 1 }))).toEqual({
      ok: false,
      rule_id: null,
      reason: 'No forwarding rule matches the topic',
    });
    expect(forwardPoint(rules, point({ topic: 'zigbee2mqtt/Kitchen', payload: { humidity: 40 } }))).toEqual({
      ok: false,
      rule_id: id(1),
      reason: "No field 'temperature' in the payload",
    });
  });

  it("refuses a rule naming a '+' its filter does not have, or a bad filter or series name", () => {
    const issues = (over: Record<string, unknown>) =>
      telemetryForwardSchema
        .safeParse({ id: id(9), filter: 'a/+', series: 'temperature', ...over })
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ device_wildcard: 2 })).toEqual(["device_wildcard: The filter has 1 '+' level"]);
    expect(issues({ filter: 'a/#/b' })).toEqual(["filter: '#' stands alone as the last level: 'sensors/#'"]);
    expect(issues({ series: 'Temperature °C' })).toEqual(['series: Lower-case letters, digits and underscores, starting with a letter']);
    expect(issues({})).toBeUndefined();
  });
});
