import { isApiError } from './http/api-error';

interface SafeParser<T> {
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
  }
  return { errors };
}

/** Field messages of a 400 answer ({errors: {field: [msg]}}), first message per field. */
export function serverFieldErrors(e: unknown): FormErrors {
  if (!isApiError(e) || !e.errors) return {};
  return Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0] ?? '']));
}

/** The message a form shows above its fields when the server refused it. */
export function formErrorMessage(e: unknown): string {
  if (!isApiError(e)) return 'Something went wrong. Please try again.';
  if (e.isConnectivity) return navigator.onLine ? 'Server not responding' : 'No Connectivity detected';
  return e.detail;
}
