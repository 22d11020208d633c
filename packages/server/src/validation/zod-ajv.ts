import AjvModule from 'ajv';
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
 * What JSON Schema cannot say, zod's own functions say, called by Ajv: an overwrite (trim,
 * toLowerCase…) must leave the value as it is, a refinement must hold. Ajv turns down any other
 * value, and zod then decides it (overwriting, then checking the result).
 */
const overwrites: ((value: unknown) => unknown)[] = [];
const refinements: ((value: unknown) => unknown)[] = [];
function allHold(indexes: number[], holds: (i: number) => boolean): boolean {
  try {
    return indexes.every(holds);
  } catch {
    // A function meant for another type (Ajv may call it before its type check): zod decides.
    return false;
  }
}
ajv.addKeyword({
  keyword: 'x-unchanged-by',
  schemaType: 'array',
  validate: (indexes: number[], data: unknown) => allHold(indexes, (i) => Object.is(overwrites[i]!(data), data)),
});
ajv.addKeyword({
  keyword: 'x-refined-by',
  schemaType: 'array',
  validate: (indexes: number[], data: unknown) => allHold(indexes, (i) => refinements[i]!(data) === true),
});

/** What zod does that Ajv mirrors exactly (defaults are filled in by Ajv, coercion left to zod). */
const MIRRORED_TYPES = new Set(['object', 'array', 'string', 'number', 'boolean', 'null', 'enum', 'literal', 'union', 'optional', 'nullable', 'default']);
const MIRRORED_CHECKS = new Set(['min_length', 'max_length', 'length_equals', 'greater_than', 'less_than', 'multiple_of', 'number_format', 'string_format', 'overwrite', 'custom']);

interface ZodInternals {
  _zod: { def: { type: string; checks?: { _zod: { def: { check: string; tx?: (value: unknown) => unknown; fn?: (value: unknown) => unknown } } }[] } };
}

/** Marks each overwrite and refinement for Ajv, and refuses a schema with a part Ajv could not decide as zod does (a transform, a superRefine). */
function mirrorZod({ zodSchema, jsonSchema, path }: { zodSchema: unknown; jsonSchema: Record<string, unknown>; path: (string | number)[] }): void {
  const { def } = (zodSchema as ZodInternals)._zod;
  const where = `/${path.join('/')}`;
  if (!MIRRORED_TYPES.has(def.type)) throw new Error(`zod ${def.type} at ${where} has no exact JSON Schema`);
  const unchangedBy: number[] = [];
  const refinedBy: number[] = [];
  for (const check of def.checks ?? []) {
    const { check: kind, tx, fn } = check._zod.def;
    // A refinement is mirrored through its function; a superRefine has none to call.
    if (!MIRRORED_CHECKS.has(kind) || (kind === 'custom' && !fn)) throw new Error(`zod check ${kind} at ${where} has no exact JSON Schema`);
    if (kind === 'overwrite' && tx) unchangedBy.push(overwrites.push(tx) - 1);
    if (kind === 'custom' && fn) refinedBy.push(refinements.push(fn) - 1);
  }
  if (unchangedBy.length) jsonSchema['x-unchanged-by'] = unchangedBy;
  if (refinedBy.length) jsonSchema['x-refined-by'] = refinedBy;
}

/**
 * Ajv's check of a zod schema, compiled once. What it takes, zod takes too, with the same value:
 * Ajv fills in defaults and drops unknown keys in place, as zod's copy would. What it turns down
 * goes to zod, which decides and explains. Throws at once for a schema it cannot mirror.
 *
 * Why: on the hottest paths zod's parse, which copies every object it checks, was the largest
 * single cost of the device list's own code (bench:api) and allocated a sixth of the live hub's
 * garbage (bench:live). Callers hold the two to the same answers with a property test.
 */
export function ajvCheckOf(schema: z.ZodType): (data: unknown) => boolean {
  const check = ajv.compile(z.toJSONSchema(schema, { target: 'draft-7', io: 'input', override: mirrorZod }));
  return (data) => check(data);
}

/** zod's safeParse, with Ajv taking first what it can (see ajvCheckOf). */
export function fastSafeParse<T extends z.ZodType>(schema: T): (data: unknown) => z.ZodSafeParseResult<z.output<T>> {
  const byAjv = ajvCheckOf(schema);
  return (data) => (byAjv(data) ? { success: true, data: data as z.output<T> } : schema.safeParse(data));
}

