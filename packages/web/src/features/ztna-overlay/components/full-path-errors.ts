import type { FormErrors } from '@/lib/forms';

interface SafeParser {
  safeParse(v: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A schema's messages keyed by their whole dotted path ('posture.os.0.min_version'), as the
 * server names its field errors, so a nested message lands at its own input.
 */
export function fullPathErrors(schema: SafeParser, values: unknown): FormErrors | null {
  const r = schema.safeParse(values);
  if (r.success) return null;
  const errors: FormErrors = {};
  for (const issue of r.error.issues) errors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return errors;
}
