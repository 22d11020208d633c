import { toast, type ToastAction } from '@/components/feedback/toast';
import { ApiError, isApiError } from '@/lib/http/api-error';
import type { FieldSpec, SaveOutcome } from './types';

export const getPath = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);

/** A copy of `value` with `inner` at `path` (objects along the way are created). */
export function setPath(value: unknown, path: readonly string[], inner: unknown): unknown {
  if (path.length === 0) return inner;
  const [head, ...rest] = path as [string, ...string[]];
  const base = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { ...base, [head]: setPath(base[head], rest, inner) };
}

/** The form's flat values (`sla.latency_ms` as one key) from an item. */
export function toFormValues(fields: readonly FieldSpec[], item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = getPath(item, f.key.split('.'));
      if (f.lines && Array.isArray(v)) return [f.key, v.map((x) => f.lines!.format(x))];
      return [f.key, v === undefined ? blank(f) : f.numeric ? String(v) : v];
    }),
  );
}

const blank = (f: FieldSpec): unknown => (f.kind === 'switch' ? false : f.kind === 'list' ? [] : f.kind === 'number' ? '' : '');

/** A number field's value typed as text (a template's number field is a text input, for its '{{variable}}'). */
const numberAsText = (f: FieldSpec, v: unknown) => f.kind === 'number' && typeof v === 'string' && /^-?\d+(?:\.\d+)?$/.test(v.trim());

/**
 * The item from the form: empty optional texts and numbers are left out (not sent as ''),
 * nested keys rebuilt, hidden fields dropped, anything else of the item kept as it was.
 */
export function fromFormValues(fields: readonly FieldSpec[], values: Record<string, unknown>, base: Record<string, unknown>): Record<string, unknown> {
  let item: unknown = { ...base };
  for (const f of fields) {
    const path = f.key.split('.');
    const v = values[f.key];
    const shown = !f.when || f.when(values);
    const empty = v === '' || v === undefined || v === null;
    if (!shown || (empty && f.kind !== 'switch')) {
      item = setPath(item, path, undefined);
      continue;
    }
    if (f.lines && Array.isArray(v)) {
      item = setPath(
        item,
        path,
        v.map((line) => f.lines!.parse(String(line))),
      );
      continue;
    }
    item = setPath(item, path, f.numeric || numberAsText(f, v) ? Number(v) : f.kind === 'text' || f.kind === 'password' ? String(v).trim() : v);
  }
  return JSON.parse(JSON.stringify(item)) as Record<string, unknown>;
}

/**
 * The server names a field of the section it was sent (`section.zones.2.name`) or of the whole
 * document; the form shows its own item's fields under the field and the rest above the form.
 */
export function forItem(e: unknown, prefix: string): unknown {
  if (!isApiError(e) || !e.errors) return e;
  const fields: Record<string, string[]> = {};
  const other: string[] = [];
  for (const [k, v] of Object.entries(e.errors)) {
    if (k.startsWith(prefix)) fields[k.slice(prefix.length)] = v;
    else other.push(...v.map((m) => `${k.replace(/^(section|document)\./, '')}: ${m}`));
  }
  return new ApiError({ status: e.status, code: e.code, detail: other.length ? other.join(' ') : e.detail, errors: fields });
}

/** The toast a save earns: '{item} added successfully' once pushed, that it waits in the draft, nothing when not made. */
export function toastSaved(outcome: SaveOutcome, item: string, action: ToastAction) {
  if (outcome === 'saved') toast.success(item, action);
  else if (outcome === 'draft') toast.info(`${item} ${action === 'deleted' ? 'deletion' : 'change'} kept in the draft: not pushed yet`);
}
