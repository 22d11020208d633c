import { isApiError } from './http/api-error';

export interface SafeParser<T> {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export type FormErrors = Record<string, string>;

/** Checks form values with a domain schema: the same rules the server enforces. */
export function validateForm<T>(schema: SafeParser<T>, values: unknown): { data: T } | { errors: FormErrors } {
  const r = schema.safeParse(values);
  if (r.success) return { data: r.data };
  const errors: FormErrors = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
    // A field of a nested object ('probe.target', 'radius.secret') is named by its dotted path, up to a list's index.
    const upToIndex = issue.path.findIndex((k) => typeof k === 'number');
    const nested = issue.path.slice(0, upToIndex < 0 ? undefined : upToIndex).map(String);
    if (nested.length > 1) errors[nested.join('.')] ??= issue.message;
  }
  return { errors };
}

/** Field messages of a 400 answer ({errors: {field: [msg]}}), first message per field. */
export function serverFieldErrors(e: unknown): FormErrors {
  if (!isApiError(e) || !e.errors) return {};
  return Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0] ?? '']));
}

/**
 * What one field's input shows when the server refused it: the server's own words for that field
 * (a 400's `errors`), else the form's message; never a bare "Invalid input." when it said more.
 */
export function fieldErrorMessage(e: unknown, field: string): string {
  return serverFieldErrors(e)[field] || formErrorMessage(e);
}

/** The message a form shows above its fields when the server refused it. */
export function formErrorMessage(e: unknown): string {
  if (!isApiError(e)) return 'Something went wrong. Please try again.';
  if (e.isConnectivity) return navigator.onLine ? 'Server not responding' : 'No Connectivity detected';
  return e.detail;
}

/**
 * The message for a field: the form's own checks key errors by the top field, the server may name
 * a nested one ('applies_to.users.0'); either lands at the field's input.
 */
export function fieldError(errors: FormErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return nested ? errors[nested] : undefined;
}

/**
 * A schema's messages keyed by their whole dotted path ('posture.os.0.min_version'), as the
 * server names its field errors, so a nested message lands at its own input.
 */
export function fullPathErrors(schema: Pick<SafeParser<unknown>, 'safeParse'>, values: unknown): FormErrors | null {
  const r = schema.safeParse(values);
  if (r.success) return null;
  const errors: FormErrors = {};
  for (const issue of r.error.issues) errors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return errors;
}
