import type { FormErrors } from '@/lib/forms';

/**
 * The message for a field: the form's own checks key errors by the top field, the server may name
 * a nested one ('ports.0.ports.1'); either lands at the field's input.
 */
export function fieldError(errors: FormErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return nested ? errors[nested] : undefined;
}
