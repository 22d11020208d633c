import type { z } from 'zod';
import { CONFIG_FAMILIES, configDocumentSchema, deviceDocumentSchema, type ConfigDocument, type ConfigFamily } from './document';
import { withOverlayPeers, type OverlayInput } from './overlays';
import { missingVariablesMessage, renderTemplate, resolveVariables, templateVariables, type VariableValues } from './templates';

/** A template as a device's rendering needs it. */
export interface TemplateSource {
  id: string;
  name: string;
  sections: Partial<ConfigDocument>;
  defaults: VariableValues;
}

/** A device to render, with what its overlays' peers are chosen from (overlays.ts). */
export interface DeviceRenderInput extends OverlayInput {
  deviceName: string;
  /** The device group's templates first, then the device's own list, each in its order. */
  templates: TemplateSource[];
  groupValues: VariableValues;
  deviceValues: VariableValues;
  own: Partial<ConfigDocument>;
  disabledFamilies: readonly string[];
  /**
   * Sections the server makes for this device from what other products own (the web filter, zero
   * trust, …), by their top-level key: never templated, edited or turned off, merged after the
   * families and checked with them.
   */
  sections?: Readonly<Record<string, unknown>>;
}

/** Where a family section of the effective document comes from. */
export type SectionSource = { family: ConfigFamily; template: { id: string; name: string } | null };

export type DeviceRender =
  { ok: true; document: ConfigDocument; sources: SectionSource[] } | { ok: false; message: string; issues: { path: (string | number)[]; message: string }[] };

const present = (doc: Partial<ConfigDocument>) => CONFIG_FAMILIES.filter((f) => doc[f] !== undefined);
const isFamily = (key: string): key is ConfigFamily => (CONFIG_FAMILIES as readonly string[]).includes(key);

/**
 * A device's effective document: each template rendered with the device's values (device over
 * group over the templates' defaults), merged in order with a later section replacing an earlier
 * one, the device's own sections over them, families the device has turned off left out, and the
 * whole checked with the one document schema (so defaults are filled in before hashing).
 */
export function renderDeviceDocument(input: DeviceRenderInput): DeviceRender {
  const defaults = Object.assign({}, ...input.templates.map((t) => t.defaults)) as VariableValues;
  const values = resolveVariables({ defaults, group: input.groupValues, device: input.deviceValues });
  const merged: Record<string, unknown> = {};
  const from = new Map<ConfigFamily, SectionSource['template']>();
  for (const t of input.templates) {
    const rendered = renderTemplate(t.sections, values);
    if (!rendered.ok) {
      const message = `${missingVariablesMessage(rendered.missing, input.deviceName)} (template ${t.name})`;
      return { ok: false, message, issues: [] };
    }
    for (const family of present(rendered.value)) {
      merged[family] = rendered.value[family];
      from.set(family, { id: t.id, name: t.name });
    }
  }
  for (const family of present(input.own)) {
    merged[family] = input.own[family];
    from.set(family, null);
  }
  for (const family of input.disabledFamilies) {
    delete merged[family];
    from.delete(family as ConfigFamily);
  }
  for (const [key, section] of Object.entries(input.sections ?? {})) if (!isFamily(key) && section != null) merged[key] = section;
  const parsed = parseRendered(withOverlayPeers(merged, input));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
    const first = issues[0]!;
    return { ok: false, message: `${first.path.join('.')}: ${first.message}`, issues };
  }
  const sources = CONFIG_FAMILIES.filter((f) => from.has(f)).map((family) => ({ family, template: from.get(family)! }));
  return { ok: true, document: parsed.data, sources };
}

const WHOLE_NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/**
 * The rendered document checked. A template's number field holds its `{{variable}}` as text, and a
 * value is text too: where the schema wants a number and finds a number written as text, that
 * text came from a variable (a device's own sections are checked as numbers when saved), so it is
 * read as the number and the document checked again.
 */
function parseRendered(doc: Record<string, unknown>) {
  const first = deviceDocumentSchema.safeParse(doc);
  if (first.success) return first;
  let changed = false;
  const copy = structuredClone(doc);
  for (const issue of first.error.issues) {
    if (issue.code !== 'invalid_type' || issue.expected !== 'number' || issue.path.length === 0) continue;
    const parent = at(copy, issue.path.slice(0, -1)) as Record<PropertyKey, unknown> | undefined;
    const key = issue.path[issue.path.length - 1]!;
    const v = parent?.[key];
    if (typeof v === 'string' && WHOLE_NUMBER_TEXT.test(v.trim())) {
      parent![key] = Number(v);
      changed = true;
    }
  }
  return changed ? deviceDocumentSchema.safeParse(copy) : first;
}

const VARIABLE_IN_TEXT = /\{\{\s*[a-z][a-z0-9_]*\s*\}\}/;

/** The value at a path of a parsed-from-JSON object. */
function at(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), value);
}

/**
 * A template's section, checked with its family's own schema as far as it can be before a device's
 * values are known: a field that holds a `{{variable}}` is checked per device when rendered.
 * Rules across families are also checked per device (a template may hold firewall zones for
 * interfaces that another template or the device brings).
 */
export function checkTemplateSection(family: ConfigFamily, section: unknown): { path: (string | number)[]; message: string }[] {
  const result = allowingVariables(configDocumentSchema.shape[family] as z.ZodType).safeParse(section);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
}

type Issue = { path: PropertyKey[]; message: string };
type Checked = { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };

/**
 * A schema that lets a field holding a `{{variable}}` through (it is checked per device, once
 * rendered): what a template's form and the server check a template's section with.
 */
export function allowingVariables(schema: { safeParse(v: unknown): Checked }) {
  return {
    safeParse(value: unknown): Checked {
      const result = schema.safeParse(value);
      if (result.success) return result;
      const issues = result.error.issues.filter((i) => {
        const v = at(value, i.path);
        return !(typeof v === 'string' && VARIABLE_IN_TEXT.test(v));
      });
      return issues.length ? { success: false, error: { issues } } : { success: true, data: value };
    },
  };
}

/** Every variable a set of templates uses, in order of first use. */
export const variablesOf = (templates: { sections: unknown }[]) => [...new Set(templates.flatMap((t) => templateVariables(t.sections)))];
