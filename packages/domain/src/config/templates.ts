import type { ConfigDocument, ConfigFamily } from './document';

/** `{{site_code}}`: a variable in any text field of a template's sections. */
const VARIABLE = /\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g;
export const VARIABLE_NAME = /^[a-z][a-z0-9_]*$/;

export type VariableValues = Record<string, string>;

/** How many variables a template may use, and how many values a template, device group or device may hold. */
export const MAX_TEMPLATE_VARIABLES = 200;
export const tooManyVariablesMessage = `At most ${MAX_TEMPLATE_VARIABLES} variables`;

/**
 * A variable's value, looked up among the values' own keys only: `{{constructor}}` is a variable
 * like any other, never a property every object inherits.
 */
export const valueOf = (values: VariableValues, name: string): string | undefined => (Object.hasOwn(values, name) ? values[name] : undefined);

/** The variables a template's sections use, each once, in order of first use. */
export function templateVariables(sections: unknown): string[] {
  const names = new Set<string>();
  const visit = (v: unknown): void => {
    if (typeof v === 'string') for (const m of v.matchAll(VARIABLE)) names.add(m[1]!);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(sections);
  return [...names];
}

/** A device's value beats its group's, which beats the template's default. */
export const resolveVariables = (levels: { defaults?: VariableValues; group?: VariableValues; device?: VariableValues }): VariableValues => ({
  ...levels.defaults,
  ...levels.group,
  ...levels.device,
});

export type RenderResult<T> = { ok: true; value: T } | { ok: false; missing: string[] };

/** Replaces every variable in every text field; the variables without a value are named, none is left as text. */
export function renderTemplate<T>(sections: T, values: VariableValues): RenderResult<T> {
  const missing = templateVariables(sections).filter((name) => valueOf(values, name) === undefined);
  if (missing.length) return { ok: false, missing };
  const render = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(VARIABLE, (_, name: string) => valueOf(values, name)!);
    if (Array.isArray(v)) return v.map(render);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, render(x)]));
    return v;
  };
  return { ok: true, value: render(sections) as T };
}

/** The message a device gets when a template it uses needs a value nobody gave. */
export const missingVariablesMessage = (missing: string[], device: string) =>
  `${missing.map((m) => `{{${m}}}`).join(', ')} ${missing.length === 1 ? 'has' : 'have'} no value for device ${device}`;

/**
 * A device's effective document: its templates in order, each family section of a later one
 * replacing an earlier one's, then the device's own sections over all of them. Replacing whole
 * sections keeps the result predictable: a family comes from exactly one place.
 */
export function mergeDocuments(templates: Partial<ConfigDocument>[], own: Partial<ConfigDocument>): ConfigDocument {
  const merged: Record<string, unknown> = {};
  for (const part of [...templates, own]) {
    for (const [family, section] of Object.entries(part) as [ConfigFamily, unknown][]) if (section !== undefined) merged[family] = section;
  }
  return merged as ConfigDocument;
}
