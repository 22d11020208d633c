import fc from 'fast-check';
import AjvModule from 'ajv/dist/2020.js';
import { kindOfField, type JsonSchema, type Operation } from './openapi';
import type { Call, Hints } from './generate';

/**
 * fast-check arbitraries from the document's JSON schemas: any value they make is valid by the
 * document, so a server that refuses one enforces a rule the document does not state. Named fields
 * the world must fill (ids of its objects, a password that signs in, a time window) come from the
 * hints, as in the valid call; everything else is drawn over its whole schema: optional fields
 * present or not, every enum value, numbers over their range, text of any length it allows.
 */

// ajv is CommonJS with its class on `default`.
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default;

function types(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties || schema.additionalProperties) return ['object'];
  return [];
}

/** Longest text drawn where the document allows more: long enough to cross any limit it does not state. */
const LONG_TEXT = 300;
const MAX_ITEMS = 4;

// Text as people type it: any letter of any script, digits, punctuation and inner spaces.
const textUnit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') },
  { weight: 1, arbitrary: fc.constantFrom(...' -_.,:;!?@#&()\'"/+*=<>%') },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ü', 'ß', 'ñ', 'Ω', 'Ж', 'ع', '中', '日', '😀') },
);

/** The pattern with its look-ahead and look-behind groups taken out (what it describes, before they narrow it). */
function withoutLookarounds(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') {
      out += pattern.slice(i, i + 2);
      i++;
    } else if (/^\(\?<?[=!]/.test(pattern.slice(i, i + 4))) {
      let depth = 0;
      for (; i < pattern.length; i++) {
        if (pattern[i] === '\\') i++;
        else if (pattern[i] === '(') depth++;
        else if (pattern[i] === ')' && --depth === 0) break;
      }
    } else out += pattern[i];
  }
  return out;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? LONG_TEXT, LONG_TEXT));
  switch (schema.format) {
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl({ validSchemes: ['https', 'http'] });
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    // fast-check draws from patterns without look-arounds; one with them is drawn without and filtered.
    return fc.stringMatching(new RegExp(withoutLookarounds(schema.pattern))).filter((s) => s.length >= minLength && s.length <= maxLength && pattern.test(s));
  }
  return fc.string({ unit: textUnit, minLength, maxLength });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum;
  const exclusiveMax = schema.exclusiveMaximum;
  if (integer) {
    const min = schema.minimum ?? (exclusiveMin !== undefined ? Math.floor(exclusiveMin) + 1 : -0x80000000);
    const max = schema.maximum ?? (exclusiveMax !== undefined ? Math.ceil(exclusiveMax) - 1 : 0x7fffffff);
    return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  }
  return fc.double({
    min: schema.minimum ?? exclusiveMin ?? -1e9,
    max: schema.maximum ?? exclusiveMax ?? 1e9,
    minExcluded: schema.minimum === undefined && exclusiveMin !== undefined,
    maxExcluded: schema.maximum === undefined && exclusiveMax !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
const validators = new WeakMap<JsonSchema, (value: unknown) => boolean>();
function fits(schema: JsonSchema, value: unknown): boolean {
  let check = validators.get(schema);
  if (!check) {
    const compiled = ajv.compile(schema);
    check = (v) => compiled(v) as boolean;
    validators.set(schema, check);
  }
  return check(value);
}

/** A value valid by the schema; `name` is the field it fills (the hints know some by name). */
function arbitraryOf(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  const hinted = hints.field(name);
  const hintedValue = () => (typeof hinted === 'function' ? (hinted as () => unknown)() : hinted);
  // A hint is by name: a `from` that is a date in a report and an id in an overlay pair is used only where the schema takes it.
  if (hinted !== undefined && fits(schema, hintedValue())) return fc.constant(null).map(hintedValue);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, name, hints)));
  if (schema.allOf?.length) return arbitraryOf(Object.assign({}, ...schema.allOf) as JsonSchema, name, hints);
  const ofType = types(schema).map((type) => byType(schema, type, name, hints));
  if (!ofType.length) return fc.constant('x');
  return fc.oneof(...ofType);
}

function byType(schema: JsonSchema, type: string, name: string, hints: Hints): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'string':
      if (schema.format === 'uuid') return fc.constant(null).map(() => hints.id(kindOfField(name), name));
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = arbitraryOf(schema.items ?? {}, name.replace(/s$/, ''), hints);
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)) };
      return schema.uniqueItems ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints);
    }
    case 'object':
      return objectArbitrary(schema, hints);
    default:
      return fc.constant('x');
  }
}

function objectArbitrary(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  if (!props.length && typeof schema.additionalProperties === 'object') {
    // A map: keys as its propertyNames say (any text when it says nothing).
    // Not '__proto__' or 'constructor', which fast-check likes to draw: Fastify's JSON parser refuses
    // them in any body (prototype poisoning), a rule of every route rather than of one document.
    const keys = (schema.propertyNames ? arbitraryOf(schema.propertyNames, '', hints).map(String) : stringArbitrary({ maxLength: 24 })).filter(
      (k) => k !== '__proto__' && k !== 'constructor',
    );
    return fc.dictionary(keys, arbitraryOf(schema.additionalProperties, '', hints), { maxKeys: 3 });
  }
  const required = new Set(schema.required ?? []);
  // A field the hints fill is always sent: it is what makes the call work (a password that signs in, a real id).
  const always = props.filter(([key]) => required.has(key) || hints.field(key) !== undefined).map(([key]) => key);
  const record = fc.record(Object.fromEntries(props.map(([key, prop]) => [key, arbitraryOf(prop, key, hints)])), { requiredKeys: always });
  const least = schema.minProperties ?? 0;
  return (least ? record.filter((o) => Object.keys(o).length >= least) : record) as fc.Arbitrary<Record<string, unknown>>;
}

/** Calls of an operation valid by its document, drawn from the seed: path parameters from the base call (real objects). */
export function validCalls(op: Operation, base: Call, hints: Hints, seed: number, count: number): Call[] {
  const query = op.params.filter((p) => p.in === 'query');
  const queryArbitrary = fc.record(
    Object.fromEntries(
      query.map((p) => [
        p.name,
        arbitraryOf(p.schema, p.name, hints)
          .filter((v) => v !== null && v !== undefined)
          .map((v) => (Array.isArray(v) ? v.map(String) : String(v))),
      ]),
    ),
    { requiredKeys: query.filter((p) => p.required || hints.field(p.name) !== undefined).map((p) => p.name) },
  );
  const bodyArbitrary = op.body && base.body !== undefined ? arbitraryOf(op.body, '', hints) : fc.constant(undefined);
  return fc.sample(fc.record({ query: queryArbitrary, body: bodyArbitrary }), { seed, numRuns: count }).map(({ query, body }) => ({
    path: { ...base.path },
    query: query as Record<string, string | string[]>,
    body,
  }));
}
