import type { FastifySchemaCompiler } from 'fastify';
import { jsonSchemaTransform, validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// What fastify-type-provider-zod marks its issues with, so the error handler shapes ours alike.
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');
export const UNKNOWN_FIELD_MESSAGE = 'Unknown field';

/** The keys a body schema declares, or null when it takes any (not an object, or passthrough). */
function declaredKeys(schema: unknown): Set<string> | null {
  // An optional, nullable or defaulted body is still an object body when one is sent.
  while (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    schema = schema._zod.def.innerType;
  }
  if (!(schema instanceof z.ZodObject)) return null;
  const catchall = (schema._zod.def as { catchall?: z.ZodType }).catchall;
  if (catchall && !(catchall instanceof z.ZodNever)) return null;
  return new Set(Object.keys(schema.shape));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A request body with a key its schema does not declare is refused (400, the key named) instead
 * of the key being dropped: a misspelt or unsupported field must not look accepted. Applies to
 * every route's top-level object body at once. Query strings stay lenient: a cache-busting or
 * tracking parameter that a browser, proxy or link adds must not fail a read, and an unknown
 * query key is never stored or acted on.
 */
function refusingUnknownKeys(compile: FastifySchemaCompiler<unknown>): FastifySchemaCompiler<unknown> {
  return (route) => {
    const check = compile(route);
    const keys = route.httpPart === 'body' ? declaredKeys(route.schema) : null;
    if (!keys) return check;
    return (data) => {
      const unknown = isPlainObject(data) ? Object.keys(data).filter((k) => !keys.has(k)) : [];
      if (unknown.length === 0) return check(data);
      const { error } = check(data) as { error?: unknown };
      const issues = unknown.map((key) => ({
        [ZOD_ISSUE]: true,
        keyword: 'unrecognized_keys',
        instancePath: `/${key}`,
        schemaPath: '#/unrecognized_keys',
        message: UNKNOWN_FIELD_MESSAGE,
        params: { keys: [key] },
      }));
      return { error: [...(Array.isArray(error) ? error : []), ...issues] as unknown as Error };
    };
  };
}

/** Every route's validator: zod's, refusing unknown body keys. */
export const validatorCompiler = refusingUnknownKeys(zodValidatorCompiler as FastifySchemaCompiler<unknown>);

/** The OpenAPI document says what the validator does: a top-level object body takes no other key. */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  // Routes without a schema (the console's static files, plugins' own) have nothing to describe.
  const body = (out.schema as { body?: unknown } | undefined)?.body;
  if (declaredKeys((input.schema as { body?: unknown } | undefined)?.body) && isPlainObject(body)) {
    // A nullable body is an object or null (3.1's anyOf): the rule belongs to the object, beside its properties.
    const branches = Array.isArray(body.anyOf) ? body.anyOf.filter((b): b is Record<string, unknown> => isPlainObject(b) && b.type === 'object') : [];
    for (const target of branches.length ? branches : [body]) target.additionalProperties = false;
  }
  return out;
};
