import type { WebFilterPolicy } from '@netloom/domain';
import type { FormErrors } from '@/lib/forms';

/** What the policy editor edits: a policy without its id and place in the list. */
export type PolicyFormValues = Omit<WebFilterPolicy, 'id' | 'order'>;

export const emptyPolicy = (): PolicyFormValues => ({
  name: '',
  description: '',
  enabled: true,
  action: 'block',
  applies_to: { everyone: false, users: [], groups: [], endpoints: [], device_groups: [] },
  blocked_categories: [],
  allowed_categories: [],
  blocked_applications: [],
  allowed_urls: [],
  blocked_urls: [],
  allowed_ips: [],
  blocked_ips: [],
  schedule: null,
});

export function formValuesOf(policy: WebFilterPolicy): PolicyFormValues {
  const { id: _id, order: _order, ...values } = policy;
  return values;
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
