import type { FormErrors } from '@/lib/forms';

/** The message for a field, whether the form's checks name it or the server names a nested path ('nameservers.0'). */
export function fieldError(errors: FormErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return nested ? errors[nested] : undefined;
}
