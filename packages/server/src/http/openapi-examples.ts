/**
 * An example of each request body in the OpenAPI document, made from its schema: the smallest value
 * the schema takes (its required fields, each enum's first value, a format's usual value, text that
 * fits its pattern). openapi.test.ts checks every example against its schema, so a field whose
 * pattern none of the usual texts fits gets `examples` of its own where it is declared.
 */

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

const FORMATS: Record<string, string> = {
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  email: 'ops@example.com',
  'date-time': '2026-01-05T09:00:00Z',
  date: '2026-01-05',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  uri: 'https://example.com/',
  url: 'https://example.com/',
};

// Texts people type into such fields, tried in turn against a pattern.
const TEXTS = [
  'Example',
  'example',
  'corp.example.com',
  'example.com',
  '10.0.0.0/24',
  '192.0.2.10',
  '443',
  'ops@example.com',
  '2.1.10',
  'lan1',
  'aa:bb:cc:dd:ee:01',
  '09:00',
  '2026-01-05',
  'Europe/Berlin',
  '123456',
  'a1',
  '1',
];

function text(schema: Schema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : null;
  const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format !== undefined && fits(format)) return format;
  return TEXTS.find(fits) ?? 'example'.padEnd(min, 'x');
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  return isObject(schema.properties) ? ['object'] : [];
}

/** The example of a schema, refs resolved through the document's components. */
export function exampleOf(schema: unknown, components: Record<string, unknown>, depth = 0): unknown {
  if (!isObject(schema) || depth > 12) return null;
  if (typeof schema.$ref === 'string') return exampleOf(components[schema.$ref.replace('#/components/schemas/', '')], components, depth + 1);
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const first = branches.find((b) => isObject(b) && b.type !== 'null') ?? branches[0];
    return exampleOf(first, components, depth + 1);
  }
  const type = typesOf(schema).find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return text(schema);
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
      return typeof schema.maximum === 'number' ? Math.min(min, schema.maximum) : min;
    }
    case 'boolean':
      return false;
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, () => exampleOf(schema.items, components, depth + 1));
    }
    case 'object': {
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      // A body of optional fields only (a change) shows its first field: an empty change says nothing.
      const shown = required.length ? required : Object.keys(properties).slice(0, 1);
      return Object.fromEntries(shown.filter((k) => k in properties).map((k) => [k, exampleOf(properties[k], components, depth + 1)]));
    }
    default:
      return null;
  }
}
