import { ndrRuleById } from '@netloom/domain';

/** How a rule's parameter is edited, read off the rule's own parameter schema. */
export type ParamField =
  | { key: string; kind: 'number' | 'boolean' | 'text' }
  | { key: string; kind: 'enum'; choices: string[] }
  | { key: string; kind: 'list'; of: 'number' | 'text' }
  /** Structured values (a threat list's entries): edited as JSON. */
  | { key: string; kind: 'json' };

/** Suppressions have their own list on the page: lifting one is not a parameter edit. */
const NOT_PARAMS = new Set(['suppressions']);

interface ZodLike {
  def: { type: string; innerType?: ZodLike; element?: ZodLike; shape?: Record<string, ZodLike> };
  options?: unknown[];
}

const unwrap = (s: ZodLike): ZodLike => (s.def.innerType ? unwrap(s.def.innerType) : s);

function fieldOf(key: string, schema: ZodLike | undefined, value: unknown): ParamField {
  const s = schema ? unwrap(schema) : undefined;
  switch (s?.def.type) {
    case 'number':
      return { key, kind: 'number' };
    case 'boolean':
      return { key, kind: 'boolean' };
    case 'string':
      return { key, kind: 'text' };
    case 'enum':
      return { key, kind: 'enum', choices: (s.options ?? []).map(String) };
    case 'array': {
      const element = s.def.element ? unwrap(s.def.element).def.type : undefined;
      if (element === 'number') return { key, kind: 'list', of: 'number' };
      if (element === 'string') return { key, kind: 'list', of: 'text' };
      return { key, kind: 'json' };
    }
  }
  // A rule the console does not know (a newer server): by the value's own type.
  if (typeof value === 'number') return { key, kind: 'number' };
  if (typeof value === 'boolean') return { key, kind: 'boolean' };
  if (typeof value === 'string') return { key, kind: 'text' };
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return { key, kind: 'list', of: 'text' };
  return { key, kind: 'json' };
}

/** The parameters of a rule a person tunes, in the order its schema lists them (its own first, then the common ones). */
export function ruleParamFields(ruleId: string, defaults: Record<string, unknown>): ParamField[] {
  const schema = ndrRuleById(ruleId)?.paramsSchema as unknown as ZodLike | undefined;
  const shape = schema?.def.shape ?? {};
  const keys = [...new Set([...Object.keys(shape), ...Object.keys(defaults)])].filter((k) => !NOT_PARAMS.has(k) && k in defaults);
  return keys.map((k) => fieldOf(k, shape[k], defaults[k]));
}

/** A form value of each parameter: lists as text items, structured values as JSON text. */
export function paramFormValue(field: ParamField, value: unknown): unknown {
  if (field.kind === 'list') return Array.isArray(value) ? value.map(String) : [];
  if (field.kind === 'json') return JSON.stringify(value ?? null, null, 2);
  return value;
}

/** The form's values back as parameters, or the key of the first one that cannot be read (JSON that does not parse). */
export function paramsFromForm(fields: readonly ParamField[], form: Record<string, unknown>): { params: Record<string, unknown> } | { invalid: string } {
  const params: Record<string, unknown> = {};
  for (const f of fields) {
    const v = form[f.key];
    if (f.kind === 'list') params[f.key] = (v as string[]).map((item) => (f.of === 'number' ? Number(item) : item));
    else if (f.kind === 'json') {
      try {
        params[f.key] = JSON.parse(String(v));
      } catch {
        return { invalid: f.key };
      }
    } else params[f.key] = v;
  }
  return { params };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the organisation changes: the parameters that differ from the defaults, or null when none does (back to the defaults). */
export function overridesOf(params: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> | null {
  const changed = Object.fromEntries(Object.entries(params).filter(([k, v]) => !same(v, defaults[k])));
  return Object.keys(changed).length ? changed : null;
}

/** 'min_ports' → 'Min ports'. */
export const paramLabel = (key: string) => {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
