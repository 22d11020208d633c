import AjvModule from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// ajv is published as CommonJS with its class on `default`.
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default;

/**
 * Ajv set to decide exactly as zod does for what z.toJSONSchema writes: no type coercion, zod's
 * own patterns matched without the `u` flag (as zod matches them), formats left to those
 * patterns, unknown keys dropped and defaults filled in as zod's objects do. Both count string
 * lengths in code points.
 */
const ajv = new Ajv({
  coerceTypes: false,
  useDefaults: true,
  removeAdditional: 'all',
  unicodeRegExp: false,
  validateFormats: false,
  allErrors: false,
  strict: false,
});

/**
 * zod's overwrites (trim, toLowerCase…) change a value JSON Schema can only check. Ajv takes a
 * value only if every overwrite on it would leave it as it is; any other value goes on to zod,
 * which overwrites it and checks the result.
 */
const overwrites: ((value: unknown) => unknown)[] = [];
function unchanged(indexes: number[], data: unknown): boolean {
  try {
    return indexes.every((i) => Object.is(overwrites[i]!(data), data));
  } catch {
    // An overwrite meant for another type (Ajv may run this before its type check): zod decides.
    return false;
  }
}
ajv.addKeyword({ keyword: 'x-unchanged-by', schemaType: 'array', validate: unchanged });

/** What zod does that Ajv mirrors exactly (defaults are filled in by Ajv, coercion left to zod). */
const MIRRORED_TYPES = new Set(['object', 'array', 'string', 'number', 'boolean', 'null', 'enum', 'literal', 'union', 'optional', 'nullable', 'default']);
const MIRRORED_CHECKS = new Set(['min_length', 'max_length', 'length_equals', 'greater_than', 'less_than', 'multiple_of', 'number_format', 'string_format', 'overwrite']);

interface ZodInternals {
  _zod: { def: { type: string; checks?: { _zod: { def: { check: string; tx?: (value: unknown) => unknown } } }[] } };
}

/** Marks each overwrite for Ajv, and refuses a schema with a part Ajv could not decide as zod does (a transform, a refinement). */
function mirrorZod({ zodSchema, jsonSchema, path }: { zodSchema: unknown; jsonSchema: Record<string, unknown>; path: (string | number)[] }): void {
  const { def } = (zodSchema as ZodInternals)._zod;
  const where = `/${path.join('/')}`;
  if (!MIRRORED_TYPES.has(def.type)) throw new Error(`compiledValidator: zod ${def.type} at ${where} has no exact JSON Schema`);
  const unchangedBy: number[] = [];
  for (const check of def.checks ?? []) {
    const { check: kind, tx } = check._zod.def;
    if (!MIRRORED_CHECKS.has(kind)) throw new Error(`compiledValidator: zod check ${kind} at ${where} has no exact JSON Schema`);
    if (kind === 'overwrite' && tx) unchangedBy.push(overwrites.push(tx) - 1);
  }
  if (unchangedBy.length) jsonSchema['x-unchanged-by'] = unchangedBy;
}

/** Ajv's check of a zod schema, compiled once: what the schema accepts, and the same value. */
export function ajvCheckOf(schema: z.ZodType): (data: unknown) => boolean {
  const check = ajv.compile(z.toJSONSchema(schema, { target: 'draft-7', io: 'input', override: mirrorZod }));
  return (data) => check(data);
}

/**
 * For the hottest calls (the device list): the route's zod schema, compiled once into an Ajv
 * check, accepts the common case; zod still decides and explains every rejection, so error
 * answers are zod's, word for word. Inside the device-list benchmark zod's check took about
 * twice Ajv's (~0.06× of the raw query). The two agree on every input: a property test holds
 * them to it for each schema this is used with (validators.test.ts).
 */
export const compiledValidator: FastifySchemaCompiler<unknown> = (route) => {
  // Fastify hands over one part (body, querystring…) of the route's schema: one of its zod schemas.
  const schema = route.schema as z.ZodType;
  const byZod = zodValidatorCompiler({ ...route, schema });
  const byAjv = ajvCheckOf(schema);
  // Ajv fills defaults and drops unknown keys in place, as zod's copy would; zod then reads the
  // same input if Ajv turns it down.
  return (data) => (byAjv(data) ? { value: data } : byZod(data));
};
