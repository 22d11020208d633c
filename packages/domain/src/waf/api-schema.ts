import { z } from 'zod';

/**
 * Zero-trust API: an application's OpenAPI document enforced at the edge. The server reads the
 * document once (at upload) into this contract, which is what the edge renders as ModSecurity
 * rules: the documented operations (method and path, path parameters typed), their query
 * parameters (declared names only, required ones present, values of their type) and their
 * request bodies (media type, and for JSON the top-level properties: required, typed, and no
 * undeclared ones where the schema says `additionalProperties: false`).
 */
export const WAF_ZERO_TRUST_MODES = ['off', 'log', 'block'] as const;
export type WafZeroTrustMode = (typeof WAF_ZERO_TRUST_MODES)[number];

export const WAF_API_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
export const WAF_API_VALUE_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'any'] as const;
export type WafApiValueType = (typeof WAF_API_VALUE_TYPES)[number];

/** A name the edge can write into a rule as it is: the names ModSecurity gives query and JSON arguments. */
const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** An enum value the edge can write into a pattern (escaped): no quotes, backslashes or spaces. */
const SAFE_ENUM = /^[A-Za-z0-9_.:+@-]{0,64}$/;

export const wafApiValueSchema = z.object({
  type: z.enum(WAF_API_VALUE_TYPES),
  enum: z.array(z.string().regex(SAFE_ENUM)).max(50).nullable().default(null),
  uuid: z.boolean().default(false),
  max_length: z.number().int().min(0).max(1_000_000).nullable().default(null),
  nullable: z.boolean().default(false),
});
export type WafApiValue = z.infer<typeof wafApiValueSchema>;

export const wafApiParameterSchema = z.object({
  name: z.string().regex(SAFE_NAME),
  required: z.boolean().default(false),
  value: wafApiValueSchema,
});
export type WafApiParameter = z.infer<typeof wafApiParameterSchema>;

export const wafApiOperationSchema = z.object({
  method: z.enum(WAF_API_METHODS),
  /** The document's path template (`/users/{id}`): printable ASCII, rendered into a pattern character by character. */
  path: z
    .string()
    .max(512)
    .regex(/^\/[\x21-\x7e]*$/),
  path_params: z.array(wafApiParameterSchema).max(20).default([]),
  query: z.array(wafApiParameterSchema).max(50).default([]),
  /** The document declares a query parameter the edge cannot name: undeclared ones are not refused for this operation. */
  query_open: z.boolean().default(false),
  body: z
    .object({
      required: z.boolean(),
      /** Media types the document accepts (empty: any, as a wildcard type in the document says). */
      media: z
        .array(
          z
            .string()
            .max(100)
            .regex(/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/),
        )
        .max(10),
      json: z
        .object({
          properties: z.array(wafApiParameterSchema).max(100),
          /** Properties the document does not list are allowed (JSON Schema's default). */
          additional: z.boolean(),
        })
        .nullable(),
    })
    .nullable()
    .default(null),
});
export type WafApiOperation = z.infer<typeof wafApiOperationSchema>;

/** What an edge enforces for an application: its documented operations, refusing (block) or reporting (log) the rest. */
export const wafEdgeApiSchemaSchema = z.object({
  mode: z.enum(['log', 'block']),
  operations: z.array(wafApiOperationSchema).max(1_000),
});
export type WafEdgeApiSchema = z.infer<typeof wafEdgeApiSchemaSchema>;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);

/** A value's rule from its JSON Schema (3.0: `type` and `nullable`; 3.1: `type` may be a list with 'null'). */
export function valueRuleOf(schema: unknown): WafApiValue {
  const s = obj(schema) ?? {};
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t): t is string => typeof t === 'string');
  const nonNull = types.filter((t) => t !== 'null');
  const type = nonNull.length === 1 && (WAF_API_VALUE_TYPES as readonly string[]).includes(nonNull[0]!) ? (nonNull[0] as WafApiValueType) : 'any';
  const values = Array.isArray(s.enum) ? s.enum.filter((v) => v !== null).map(String) : null;
  return {
    type,
    enum: values && values.length > 0 && values.length <= 50 && values.every((v) => SAFE_ENUM.test(v)) ? values : null,
    uuid: type === 'string' && s.format === 'uuid',
    max_length:
      type === 'string' && typeof s.maxLength === 'number' && Number.isInteger(s.maxLength) && s.maxLength >= 0 ? Math.min(s.maxLength, 1_000_000) : null,
    nullable: s.nullable === true || types.includes('null'),
  };
}

interface DeclaredParameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
}

/** A path item's and an operation's parameters, the operation's overriding the path item's of the same name and place. */
function parametersOf(pathItem: Json, op: Json): DeclaredParameter[] {
  const byKey = new Map<string, DeclaredParameter>();
  for (const list of [pathItem.parameters, op.parameters]) {
    for (const p of Array.isArray(list) ? list : []) {
      const o = obj(p);
      if (!o || typeof o.name !== 'string' || typeof o.in !== 'string') continue;
      byKey.set(`${o.in}:${o.name}`, { name: o.name, in: o.in, required: o.required === true, schema: o.schema });
    }
  }
  return [...byKey.values()];
}

const parameter = (p: { name: string; required: boolean; schema: unknown }): WafApiParameter => ({
  name: p.name,
  required: p.required,
  value: valueRuleOf(p.schema),
});

const JSON_MEDIA = /^application\/(?:[a-z0-9.+-]+\+)?json$/;

function bodyOf(op: Json): WafApiOperation['body'] {
  const body = obj(op.requestBody);
  const content = obj(body?.content);
  if (!body || !content) return null;
  const types = Object.keys(content).map((t) => t.split(';')[0]!.trim().toLowerCase());
  const media = types.some((t) => t.includes('*') || !/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(t)) ? [] : types.slice(0, 10);
  const jsonType = Object.keys(content).find((t) => JSON_MEDIA.test(t.split(';')[0]!.trim().toLowerCase()));
  const schema = jsonType ? obj(obj(content[jsonType])?.schema) : null;
  // Only a plain object schema is checked property by property; composition (allOf, oneOf…) is left to the origin.
  const plain =
    schema && (schema.type === 'object' || (schema.type === undefined && obj(schema.properties))) && !schema.allOf && !schema.oneOf && !schema.anyOf;
  let json: NonNullable<WafApiOperation['body']>['json'] = null;
  if (schema && plain) {
    const props = Object.entries(obj(schema.properties) ?? {});
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const named = props.filter(([name]) => SAFE_NAME.test(name)).slice(0, 100);
    json = {
      properties: named.map(([name, s]) => parameter({ name, required: required.has(name), schema: s })),
      // A property the edge cannot name is allowed through rather than refused as undeclared.
      additional: schema.additionalProperties !== false || named.length < props.length,
    };
  }
  return { required: body.required === true, media, json };
}

/**
 * The contract an OpenAPI 3.x document (its `$ref`s resolved) makes for the edge: every
 * operation with what the edge can check of it. What it cannot express is left open rather
 * than refused: a parameter with a name no rule can hold, a body schema built by composition.
 */
export function apiContractOf(doc: { paths?: Record<string, unknown> | null }): WafApiOperation[] {
  const ops: WafApiOperation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = obj(rawItem);
    if (!item || !/^\/[\x21-\x7e]*$/.test(path) || path.length > 512) continue;
    for (const method of WAF_API_METHODS) {
      const op = obj(item[method.toLowerCase()]);
      if (!op) continue;
      const params = parametersOf(item, op);
      const query = params.filter((p) => p.in === 'query');
      const safeQuery = query.filter((p) => SAFE_NAME.test(p.name));
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      ops.push({
        method,
        path,
        path_params: params
          .filter((p) => p.in === 'path' && inPath.includes(p.name) && SAFE_NAME.test(p.name))
          .slice(0, 20)
          .map((p) => parameter({ ...p, required: true })),
        query: safeQuery.slice(0, 50).map(parameter),
        query_open: safeQuery.length < query.length || query.length > 50,
        body: bodyOf(op),
      });
      if (ops.length >= 1_000) return ops;
    }
  }
  return ops;
}

/** The pattern a value of this rule matches (null: any value). */
export function valuePattern(v: WafApiValue): string | null {
  const escaped = (s: string) => s.replace(/[.+]/g, (c) => `\\${c}`);
  let core: string | null = null;
  if (v.enum) core = v.enum.map(escaped).join('|');
  else if (v.uuid) core = '[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}';
  else if (v.type === 'integer') core = '-?[0-9]+';
  else if (v.type === 'number') core = '-?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?';
  else if (v.type === 'boolean') core = 'true|false';
  if (core === null) return null;
  return v.nullable ? `^(?:${core})?$` : `^(?:${core})$`;
}
