import AjvModule from 'ajv/dist/2020.js';
import { kindOfField, type JsonSchema, type Kind, type Operation } from './openapi';

// The document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12. ajv is CommonJS with its class on `default`.
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default;

/** One request of an operation, before it becomes a URL. */
export interface Call {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  /** undefined: no body sent. */
  body: unknown;
}

/** What the world around the suite knows that a schema cannot: ids of its objects, working values for named fields. */
export interface Hints {
  id(kind: Kind | null, field: string): string;
  field(name: string): unknown;
}

const random = () => Math.random().toString(36).slice(2, 10);
const uniqueEmail = () => `u${random()}${random()}@example.test`;

const PATTERN_CANDIDATES = ['', 'ab', 'AB', '123456', '2024-01-01', '1', '1.50', 'a', 'a1', '+1 555 0100', 'Europe/Berlin'];

function types(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties || schema.additionalProperties) return ['object'];
  return [];
}

function sampleString(schema: JsonSchema, name: string, hints: Hints): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const fits = (s: string) => s.length >= min && s.length <= max && (!schema.pattern || new RegExp(schema.pattern).test(s));
  if (schema.format === 'uuid') return hints.id(kindOfField(name), name);
  if (schema.format === 'email' || /email$/i.test(name)) return uniqueEmail();
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2024-01-01';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.test/';
  let s = `v${random()}`.slice(0, Math.max(min, Math.min(max, 12)));
  while (s.length < min) s += 'x';
  // A new text each time (names are unique in their tenant), unless the pattern asks for a form of its own.
  if (fits(s)) return s;
  return PATTERN_CANDIDATES.find(fits) ?? s;
}

function sampleNumber(schema: JsonSchema, name: string): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 0;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const wanted = /size/i.test(name) ? 10 : 1;
  return Math.min(max, Math.max(min, wanted));
}

/** A valid-looking value: required fields, enums, formats; named fields as the hints say. */
function sample(schema: JsonSchema, name: string, hints: Hints, depth = 0): unknown {
  const hinted = hints.field(name);
  if (hinted !== undefined) return typeof hinted === 'function' ? (hinted as () => unknown)() : hinted;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return sample(alternatives.find((s) => !types(s).includes('null')) ?? alternatives[0]!, name, hints, depth);
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf) as JsonSchema, name, hints, depth);
  const type = types(schema).find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return sampleString(schema, name, hints);
    case 'integer':
    case 'number':
      return sampleNumber(schema, name);
    case 'boolean':
      // false everywhere: a generated `suspended: true` or `remember: true` would change more than the call is about.
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, name.replace(/s$/, ''), hints, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = Object.entries(schema.properties ?? {});
      // With nothing required, an empty change is refused ("Nothing to change"): the first field is the change.
      const wanted = schema.required?.length ? schema.required : props.slice(0, 1).map(([k]) => k);
      for (const [key, prop] of props) {
        if (wanted.includes(key) || hints.field(key) !== undefined) out[key] = sample(prop, key, hints, depth + 1);
      }
      return out;
    }
    default:
      return 'x';
  }
}

/** The base call of an operation: every required parameter and body field filled. */
export function baseCall(op: Operation, hints: Hints): Call {
  const call: Call = { path: {}, query: {}, body: undefined };
  for (const p of op.params) {
    if (p.in === 'path') call.path[p.name] = String(sample(p.schema, p.name, hints));
    else if (p.required || hints.field(p.name) !== undefined || kindOfField(p.name)) call.query[p.name] = String(sample(p.schema, p.name, hints));
  }
  if (op.body) call.body = sample(op.body, '', hints);
  return call;
}

/** Percent-encoding that keeps a lone surrogate as its (invalid) UTF-8 bytes instead of throwing. */
function encode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += `%${(0xe0 | (c >> 12)).toString(16).toUpperCase()}%${(0x80 | ((c >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

export function urlOf(op: Operation, call: Call): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(String(call.path[name] ?? '')));
  const pairs = Object.entries(call.query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encode(k)}=${encode(x)}`));
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

const bodyAjv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
// Query and path values arrive as text; the route schemas coerce them as Fastify's own validators do.
const paramAjv = new Ajv({ strict: false, validateFormats: false, allErrors: false, coerceTypes: true });
const compiled = new Map<string, (data: unknown) => boolean>();

function validator(key: string, ajv: InstanceType<typeof Ajv>, schema: JsonSchema): (data: unknown) => boolean {
  let v = compiled.get(key);
  if (!v) {
    const check = ajv.compile(schema);
    v = (data: unknown) => check(structuredClone(data)) as boolean;
    compiled.set(key, v);
  }
  return v;
}

/** Whether a call is valid by the operation's document (the document, not the server, is the oracle). */
function validByDocument(op: Operation, call: Call): boolean {
  for (const where of ['path', 'query'] as const) {
    const params = op.params.filter((p) => p.in === where);
    const schema: JsonSchema = {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
      required: params.filter((p) => p.required).map((p) => p.name),
    };
    if (!validator(`${op.key} ${where}`, paramAjv, schema)(call[where])) return false;
  }
  if (op.body && call.body !== undefined && !validator(`${op.key} body`, bodyAjv, op.body)(call.body)) return false;
  return true;
}

/** The classes of hostile variant: bad text, a megabyte of it, each wrong type, a missing field, an unknown one. */
export const MUTATIONS = ['nul', 'surrogate', '1mb', 'number', 'string', 'object', 'array', 'null', 'missing', 'extra'] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface Variant {
  /** "body.name nul", "query.tid surrogate", … */
  label: string;
  mutation: Mutation;
  /** The variant of a base call (of this one, or of a new one with other users and objects). */
  make(base: Call): Call;
  /**
   * Invalid input the server must refuse: by the document, or by the platform's rules the document
   * cannot state (text PostgreSQL cannot store, unknown body keys). False: only a 5xx counts.
   */
  invalid: boolean;
}

/**
 * Fields whose text is never stored, shown or hashed as text: an opaque token is only looked up by
 * its hash, and any text that is not one is refused or (logout) ignored as unknown. Bad text in
 * them is sent, but only a 5xx counts.
 */
const OPAQUE_SECRET = /^(refresh|token|ephemeral_token|id_token)$/;
/**
 * Passwords are hashed as bytes, NUL included (argon2 here does not stop at a NUL: checked), so a
 * NUL is the user's own choice. A lone surrogate is not: it is hashed as U+FFFD, so 'a\ud800' and
 * 'a\udc00' become the same password, and it stays counted.
 */
const PASSWORD = /password$/;

const MEGABYTE_STRING = 'a'.repeat(1_000_000);
const WRONG_TYPES: [Mutation, unknown][] = [
  ['number', 12345],
  ['string', 'not-a-valid-value'],
  ['object', { a: 1 }],
  ['array', ['a']],
  ['null', null],
];

function acceptsString(schema: JsonSchema): boolean {
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf)!.some(acceptsString);
  return types(schema).includes('string');
}

interface Target {
  label: string;
  schema: JsonSchema;
  required: boolean;
  get(call: Call): unknown;
  set(call: Call, value: unknown): void;
  remove(call: Call): void;
}

function bodyTargets(schema: JsonSchema | null): Target[] {
  if (!schema) return [];
  const out: Target[] = [];
  const walk = (s: JsonSchema, path: string[]) => {
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      const at = [...path, key];
      const parent = (body: unknown, create: boolean) => {
        let o = body as Record<string, unknown>;
        for (const k of path) {
          if (create && (typeof o[k] !== 'object' || o[k] === null)) o[k] = {};
          o = o[k] as Record<string, unknown>;
        }
        return o;
      };
      out.push({
        label: `body.${at.join('.')}`,
        schema: prop,
        required: Boolean(s.required?.includes(key)),
        get: (call) => parent(call.body, true)[key],
        set: (call, value) => {
          parent(call.body, true)[key] = value;
        },
        remove: (call) => {
          delete parent(call.body, true)[key];
        },
      });
      if (types(prop).includes('object') && prop.properties && path.length < 2) walk(prop, at);
    }
  };
  walk(schema, []);
  return out;
}

function paramTargets(op: Operation): Target[] {
  return op.params.map((p) => ({
    label: `${p.in}.${p.name}`,
    schema: p.schema,
    required: p.required,
    get: (call) => call[p.in][p.name],
    set: (call, value) => {
      call[p.in][p.name] = value as string;
    },
    remove: (call) => {
      delete call[p.in][p.name];
    },
  }));
}

/** Every hostile variant of a call: bad text, wrong types, missing and unknown fields. */
export function variantsOf(op: Operation, base: Call): Variant[] {
  const out: Variant[] = [];
  const add = (label: string, mutation: Mutation, change: (c: Call) => void, platformInvalid: boolean | null) => {
    const make = (b: Call) => {
      const c = structuredClone(b);
      change(c);
      return c;
    };
    // A "wrong type" the document accepts is no wrong type: not sent.
    const invalid = platformInvalid ?? !validByDocument(op, make(base));
    if (platformInvalid === null && !invalid && mutation !== '1mb') return;
    out.push({ label: `${label} ${mutation}`, mutation, make, invalid });
  };
  const bodyIsObject = base.body !== null && typeof base.body === 'object' && !Array.isArray(base.body);
  const textOf = (t: Target, c: Call) => {
    const current = t.get(c);
    return typeof current === 'string' ? current : 'abc';
  };

  const targets = [...paramTargets(op), ...(bodyIsObject ? bodyTargets(op.body?.anyOf?.find((b) => types(b).includes('object')) ?? op.body) : [])];
  for (const t of targets) {
    const inUrl = !t.label.startsWith('body.');
    if (acceptsString(t.schema) || inUrl) {
      const field = t.label.split('.').pop()!;
      add(t.label, 'nul', (c) => t.set(c, `${textOf(t, c)}\u0000`), !OPAQUE_SECRET.test(field) && !PASSWORD.test(field));
      // In a URL a lone surrogate is only invalid UTF-8 bytes, which the server may decode as U+FFFD: then only a 5xx is a fault.
      add(t.label, 'surrogate', (c) => t.set(c, `${textOf(t, c)}\ud800`), !inUrl && !OPAQUE_SECRET.test(field));
      add(t.label, '1mb', (c) => t.set(c, MEGABYTE_STRING), null);
    }
    for (const [mutation, value] of WRONG_TYPES) {
      // A URL holds text only: a wrong type there is a word where a number or id belongs, or a repeated query parameter.
      if (inUrl && mutation !== 'string' && !(mutation === 'array' && t.label.startsWith('query.'))) continue;
      add(t.label, mutation, (c) => t.set(c, inUrl && mutation === 'array' ? [textOf(t, c), textOf(t, c)] : value), null);
    }
    if (t.required) add(t.label, 'missing', (c) => t.remove(c), null);
  }
  if (op.body && base.body !== undefined && base.body !== null) {
    add(
      'body',
      'missing',
      (c) => {
        c.body = undefined;
      },
      null,
    );
  }
  if (bodyIsObject) {
    const key = `unknown_${random()}`;
    // Unknown body keys are refused by the platform (a typo must not pass for a change), unless the body is a map.
    const isMap = typeof op.body?.additionalProperties === 'object';
    add(
      'body',
      'extra',
      (c) => {
        (c.body as Record<string, unknown>)[key] = 'x';
      },
      isMap ? null : true,
    );
  }
  const key = `unknown_${random()}`;
  add(
    'query',
    'extra',
    (c) => {
      c.query[key] = 'x';
    },
    false,
  );
  return out;
}
