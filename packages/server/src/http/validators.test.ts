import fc from 'fast-check';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEVICE_FILTERS, DEVICE_SORT_KEYS, deviceListBodySchema, deviceListQuerySchema, refreshBodySchema, tenantQuerySchema } from '@netloom/domain';
import { UNKNOWN_FIELD_MESSAGE, compiledValidator, validatorCompiler as zodValidatorCompiler } from './validators';

type Check = (data: unknown) => { value?: unknown; error?: unknown };
const route = (schema: z.ZodType, httpPart: string) => ({ schema, method: 'POST', url: '/x', httpPart }) as FastifyRouteSchemaDef<z.ZodType>;
const checks = (schema: z.ZodType, httpPart: string) =>
  [compiledValidator(route(schema, httpPart)) as Check, zodValidatorCompiler(route(schema, httpPart)) as Check] as const;

/** Strings near every rule the schemas have: uuids of each kind, dates, lengths in UTF-16 units. */
const tricky = fc.oneof(
  fc.constantFrom(
    '', 'online', 'all', 'device', 'endpoint', 'asc', 'dsc', 'name', 'publicIp', 'status', 'os', 'user', 'location', 'network_id', 'tenant_id', 'type',
    '3f2b8c1e-5d4a-4b7e-9c2d-1a2b3c4d5e6f', '3F2B8C1E-5D4A-4B7E-9C2D-1A2B3C4D5E6F', '3f2b8c1e-5d4a-0b7e-9c2d-1a2b3c4d5e6f',
    '3f2b8c1e-5d4a-4b7e-7c2d-1a2b3c4d5e6f', 'urn:uuid:3f2b8c1e-5d4a-4b7e-9c2d-1a2b3c4d5e6f', '00000000-0000-0000-0000-000000000000',
    '2026-11-21T10:00:00Z', '2026-11-21T10:00:00.123Z', '2026-02-29T10:00:00Z', '2024-02-29T10:00:00Z', '2026-11-21T10:00:00+01:00',
    '2026-11-21T23:59:60Z', '2026-11-21', ' linux ', 'linux\n', '\u00a0Paris', ' ', '\t', '😀'.repeat(17), '😀'.repeat(16), 'a'.repeat(32), 'a'.repeat(33), 'é'.repeat(200), 'é'.repeat(201),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
);
const scalar = fc.oneof(tricky, fc.integer({ min: -3, max: 1002 }), fc.double(), fc.boolean(), fc.constant(null), fc.constant(Number.MAX_SAFE_INTEGER + 1));
/** Mostly a value the schema takes, sometimes anything: most inputs are one or two fields off a valid one. */
const mostly = <T,>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: fc.oneof(scalar, fc.array(tricky, { maxLength: 2 })) });
const uuid = fc.oneof({ weight: 6, arbitrary: fc.uuid() }, { weight: 1, arbitrary: tricky });
const text = (max: number) =>
  fc.oneof({ weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: max - 2, maxLength: max + 2 }) }, { weight: 1, arbitrary: tricky });
const isoDate = fc.date({ noInvalidDate: true, min: new Date('1990-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
const oneOrMany = <T,>(a: fc.Arbitrary<T>) => fc.oneof(a, fc.array(a, { maxLength: 3 }));
const withExtra = <T extends object>(base: fc.Arbitrary<T>) =>
  fc.tuple(base, fc.dictionary(fc.constantFrom('extra', 'x', 'page', 'type', 'value', 'tenant_id'), scalar, { maxKeys: 1 }), fc.nat(9))
    .map(([b, extra, n]) => (n === 0 ? { ...extra, ...b } : b));
const filter = fc.oneof(
  { weight: 4, arbitrary: fc.record({ key: fc.constant('status'), value: mostly(oneOrMany(fc.constantFrom(...DEVICE_FILTERS))), type: mostly(fc.constantFrom('device', 'endpoint', 'string')) }, { requiredKeys: ['key'] }) },
  { weight: 4, arbitrary: fc.record({ key: fc.constantFrom('os', 'user', 'location'), value: mostly(oneOrMany(text(256))), type: mostly(text(32)) }, { requiredKeys: ['key'] }) },
  { weight: 4, arbitrary: fc.record({ key: fc.constantFrom('network_id', 'tenant_id'), value: mostly(fc.oneof(uuid, fc.constant(''), fc.constant(null))) }, { requiredKeys: ['key', 'value'] }) },
  { weight: 4, arbitrary: fc.record({ key: fc.constant('type'), value: mostly(fc.constantFrom('device', 'endpoint')) }, { requiredKeys: ['key', 'value'] }) },
  { weight: 1, arbitrary: fc.record({ key: tricky, value: scalar }) },
);
const body = withExtra(
  fc.record(
    {
      page: mostly(fc.integer({ min: 1, max: 50 })),
      size: mostly(fc.integer({ min: 0, max: 1000 })),
      'time-range': mostly(text(32)),
      filters: mostly(fc.array(withExtra(filter), { maxLength: 3 })),
      start_time: mostly(isoDate),
      end_time: mostly(isoDate),
      sort: mostly(withExtra(fc.record({ key: mostly(fc.constantFrom(...DEVICE_SORT_KEYS)), direction: mostly(fc.constantFrom('asc', 'dsc')) }))),
      search: mostly(text(200)),
      tenant_id: mostly(uuid),
      network_id: mostly(fc.oneof(uuid, fc.constant(null))),
      type: mostly(fc.constantFrom('device', 'endpoint')),
    },
    { requiredKeys: [] },
  ),
);
// A querystring's values are strings, or arrays of them for a repeated key.
const query = withExtra(
  fc.record(
    {
      tid: fc.oneof(uuid, fc.array(uuid, { maxLength: 2 })),
      page: fc.oneof(fc.nat(9).map(String), tricky),
      page_size: fc.oneof(fc.nat(1001).map(String), tricky),
      network_id: fc.oneof(uuid, fc.constant('')),
      type: fc.constantFrom('device', 'endpoint', 'gateway'),
      search: text(200),
    },
    { requiredKeys: [] },
  ),
);
const anyInput = fc.oneof(fc.jsonValue(), fc.constant(undefined));

/** Whether zod took the input: the property only means something if many are taken. */
function agree(compiled: Check, zod: Check, input: unknown): boolean {
  const viaCompiled = compiled(structuredClone(input));
  const viaZod = zod(structuredClone(input));
  expect(viaCompiled.error === undefined).toBe(viaZod.error === undefined);
  if (viaZod.error === undefined) expect(viaCompiled.value).toStrictEqual(viaZod.value);
  // The compilers answer a rejection with the list of issues Fastify puts on the 400 answer.
  else expect(viaCompiled.error).toStrictEqual(viaZod.error);
  return viaZod.error === undefined;
}

describe('compiledValidator: the Ajv check answers exactly as zod does', () => {
  it.each([
    ['device list body', deviceListBodySchema, 'body', body],
    ['tenant query', tenantQuerySchema, 'querystring', query],
    // Not used on that route (the console always sends page and page_size, which zod coerces from
    // text and Ajv would turn down first), but it shows the fallback keeps zod's coercion.
    ['device list query', deviceListQuerySchema, 'querystring', query],
  ] as const)('%s: same verdict, same value, same errors', (_name, schema, part, shaped) => {
    const [compiled, zod] = checks(schema, part);
    let taken = 0;
    fc.assert(fc.property(fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: anyInput }), (input) => { if (agree(compiled, zod, input)) taken++; }), { numRuns: 3000 });
    expect(taken).toBeGreaterThan(300);
  });

  it('holds refinements as zod does', () => {
    const [compiled, zod] = checks(z.object({ ip: z.string().refine((s) => s.split('.').length === 4, 'Four parts') }), 'body');
    expect(compiled({ ip: '10.0.0.1' })).toStrictEqual({ value: { ip: '10.0.0.1' } });
    expect(compiled({ ip: '10.0.1' })).toStrictEqual(zod({ ip: '10.0.1' }));
    expect(compiled({ ip: '10.0.1' }).error).toMatchObject([{ instancePath: '/ip', message: 'Four parts' }]);
  });

  it('trims as zod does, and refuses a schema it could not decide as zod does', () => {
    const [compiled] = checks(deviceListBodySchema, 'body');
    expect(compiled({ filters: [{ key: 'os', value: [' linux '] }] })).toStrictEqual({ value: { page: 1, size: 25, filters: [{ key: 'os', value: ['linux'] }] } });
    expect(() => compiledValidator(route(z.string().transform((s) => s.length), 'body'))).toThrow(/pipe|transform/);
    expect(() => compiledValidator(route(z.object({ a: z.string().superRefine(() => undefined) }), 'body'))).toThrow(/custom at \/properties\/a/);
  });

  it('accepts the console’s own request and fills the defaults zod fills', () => {
    const [compiled] = checks(deviceListBodySchema, 'body');
    const answer = compiled({ filters: [{ key: 'status', value: 'online', type: 'device' }], sort: { key: 'name', direction: 'asc' } });
    expect(answer).toStrictEqual({
      value: { page: 1, size: 25, filters: [{ key: 'status', value: 'online', type: 'device' }], sort: { key: 'name', direction: 'asc' } },
    });
  });

  it('refuses an unknown top-level body key by name, as the zod validator of every other route does', () => {
    const [compiled, zod] = checks(deviceListBodySchema, 'body');
    for (const check of [compiled, zod]) {
      expect(check({ page: 1, pagesize: 10 }).error).toMatchObject([{ instancePath: '/pagesize', message: UNKNOWN_FIELD_MESSAGE }]);
      expect(check({ page: 0, extra: 1 }).error).toMatchObject([{ instancePath: '/page' }, { instancePath: '/extra' }]);
    }
    // An optional or nullable body (the refresh calls') is held to its keys as well, when one is sent.
    const [, optional] = checks(refreshBodySchema.nullish(), 'body');
    expect(optional({ refresh: 'x', extra: 1 }).error).toMatchObject([{ instancePath: '/extra', message: UNKNOWN_FIELD_MESSAGE }]);
    expect(optional(null)).toStrictEqual({ value: null });
    // Query strings keep their leniency: a cache-busting parameter is not an error.
    expect(checks(tenantQuerySchema, 'querystring')[1]({ _: '1' })).toStrictEqual({ value: {} });
  });
});
