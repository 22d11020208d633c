import { useState } from 'react';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from './forms';

interface Parser<T> {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * The submit flow every form shares: check the values with the domain schema (field messages),
 * send them, and on a refusal show the server's field messages and its message above the form.
 */
export function useFormSubmit<T>(schema: Parser<T>, send: (data: T) => Promise<unknown>) {
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: unknown) => {
    const checked = validateForm(schema, values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await send(checked.data);
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setFormError(formErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return { errors, setErrors, formError, busy, submit };
}
