import { z } from 'zod';
import { filledText, storableJson } from '../validators/storable-text';
import { macAddressSchema } from './discovery';
import { mqttTopicFilterSchema, mqttTopicMatches, mqttTopicNameSchema, mqttWildcardLevels } from './mqtt-topics';

/**
 * IoT telemetry: a gateway bridges its MQTT broker and sends the messages of the topics the
 * tenant forwards; the forwarding rules turn each into a value of a named series, for the IoT
 * page's last values and graphs.
 */
export const IOT_TELEMETRY_BATCH_MAX = 1000;
/** A payload is a sensor's reading, not a file: past this it is refused. */
export const IOT_PAYLOAD_MAX_CHARS = 8192;

const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const percent = z.number().min(0).max(100);

export const iotTelemetryPointSchema = z
  .object({
    /** The device's MAC when it is on the LAN itself; a Zigbee or BLE sensor behind a hub has none. */
    mac: macAddressSchema.optional(),
    /** The device's id on its own bus or broker: a Zigbee IEEE address, an MQTT client id. */
    device_id: filledText().min(1).max(128).optional(),
    topic: mqttTopicNameSchema,
    at: z.iso.datetime(),
    /** The payload when it was a bare number. */
    value: z.number().finite().optional(),
    /** The payload when it was JSON (or text, as a JSON string). */
    payload: storableJson(z.unknown())
      .refine((p) => p === undefined || JSON.stringify(p).length <= IOT_PAYLOAD_MAX_CHARS, `At most ${IOT_PAYLOAD_MAX_CHARS} characters of JSON`)
      .optional(),
    /** The battery level when the gateway knows it from elsewhere (a hub's device list). */
    battery_pct: percent.optional(),
  })
  .refine((p) => (p.value === undefined) !== (p.payload === undefined), { message: 'Either a value or a payload', path: ['value'] });
export type IotTelemetryPoint = z.infer<typeof iotTelemetryPointSchema>;

export const iotTelemetryMessageSchema = z.object({
  type: z.literal('iot_telemetry'),
  seq,
  points: z.array(iotTelemetryPointSchema).min(1).max(IOT_TELEMETRY_BATCH_MAX),
});
export type IotTelemetryMessage = z.infer<typeof iotTelemetryMessageSchema>;

/** Keys an attacker's payload could use to reach an object's prototype: never a path's step. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
const PATH = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
const VALUE_PATH_RULE = "Field names joined by dots, such as 'sensors.0.value'";
/** Refused when the device's '+' is past the filter's last, as the document's `x-rules` state it. */
const DEVICE_WILDCARD_RULES = ["The filter has {n} '+' level", "The filter has {n} '+' levels"];
/** A field of a JSON payload, 'temperature', 'ENERGY.Power' or 'sensors.0.value' (a number steps into a list). */
export const valuePathSchema = z
  .string()
  .max(128)
  .refine((p) => PATH.test(p) && !p.split('.').some((k) => FORBIDDEN_KEYS.has(k)), VALUE_PATH_RULE)
  .meta({ 'x-rules': [VALUE_PATH_RULE] });

export const telemetryForwardSchema = z
  .object({
    id: z.string().uuid(),
    filter: mqttTopicFilterSchema,
    /** The series the values go to, the same for every device the filter matches: 'temperature'. */
    series: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'Lower-case letters, digits and underscores, starting with a letter'),
    /** Where the number is in a JSON payload; absent when the payload is the number itself. */
    value_path: valuePathSchema.optional(),
    unit: filledText().min(1).max(16).optional(),
    /** Which '+' of the filter (1 for the first) names the device, as 'zigbee2mqtt/+' does. */
    device_wildcard: z.number().int().min(1).max(16).optional().meta({ 'x-rules': DEVICE_WILDCARD_RULES }),
  })
  .superRefine((rule, ctx) => {
    const wildcards = rule.filter.split('/').filter((level) => level === '+').length;
    if (rule.device_wildcard !== undefined && rule.device_wildcard > wildcards) {
      ctx.addIssue({ code: 'custom', path: ['device_wildcard'], message: `The filter has ${wildcards} '+' level${wildcards === 1 ? '' : 's'}` });
    }
  });
export type TelemetryForward = z.infer<typeof telemetryForwardSchema>;

/** The field at a path, own properties only; undefined when the payload has none there. */
export function payloadField(payload: unknown, path: string): unknown {
  let here: unknown = payload;
  for (const key of path.split('.')) {
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

const NUMBER_TEXT = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

export type Reading = { ok: true; value: number } | { ok: false; reason: string };

/**
 * A payload (or the field a path names) as a number: a JSON number, a number written as text
 * ('21.5', as many sensors publish), or a boolean as 1 or 0 (a door contact, a relay). Anything
 * else is refused with the reason, never guessed: a graph of made-up values misleads.
 */
export function readNumber(payload: unknown, path?: string): Reading {
  const raw = path === undefined ? payload : payloadField(payload, path);
  if (raw === undefined) return { ok: false, reason: path === undefined ? 'No payload' : `No field '${path}' in the payload` };
  if (typeof raw === 'number') return Number.isFinite(raw) ? { ok: true, value: raw } : { ok: false, reason: 'Not a finite number' };
  if (typeof raw === 'boolean') return { ok: true, value: raw ? 1 : 0 };
  if (typeof raw === 'string' && NUMBER_TEXT.test(raw)) {
    const value = Number(raw);
    if (Number.isFinite(value)) return { ok: true, value };
  }
  return { ok: false, reason: `Not a number: ${JSON.stringify(raw)?.slice(0, 40) ?? typeof raw}` };
}

/** Fields sensors report their battery in, as a percentage (zigbee2mqtt, Shelly, Home Assistant's MQTT devices). */
export const BATTERY_FIELDS = ['battery', 'battery_pct', 'battery_percentage', 'battery_level', 'batteryLevel', 'bat', 'batt'] as const;

/** The battery level a point reports, in %: the gateway's own word first, then a known field of the payload within 0–100. */
export function batteryOf(point: Pick<IotTelemetryPoint, 'battery_pct' | 'payload'>): number | null {
  if (point.battery_pct !== undefined) return point.battery_pct;
  for (const field of BATTERY_FIELDS) {
    const read = readNumber(point.payload, field);
    if (read.ok && read.value >= 0 && read.value <= 100) return read.value;
  }
  return null;
}

export type Forwarded =
  | { ok: true; rule_id: string; series: string; unit: string | null; device: string; at: string; value: number }
  | { ok: false; rule_id: string | null; reason: string };

/**
 * One point through the tenant's forwarding rules: the first rule whose filter matches decides
 * (as every policy of the house). The device is the one the rule's '+' names, else the point's
 * id, else its MAC, else the topic itself.
 */
export function forwardPoint(rules: readonly TelemetryForward[], point: IotTelemetryPoint): Forwarded {
  const rule = rules.find((r) => mqttTopicMatches(r.filter, point.topic));
  if (!rule) return { ok: false, rule_id: null, reason: 'No forwarding rule matches the topic' };
  const read = readNumber(point.value ?? point.payload, rule.value_path);
  if (!read.ok) return { ok: false, rule_id: rule.id, reason: read.reason };
  const named = rule.device_wildcard === undefined ? undefined : mqttWildcardLevels(rule.filter, point.topic)[rule.device_wildcard - 1];
  const device = named || point.device_id || point.mac || point.topic;
  return { ok: true, rule_id: rule.id, series: rule.series, unit: rule.unit ?? null, device, at: point.at, value: read.value };
}
