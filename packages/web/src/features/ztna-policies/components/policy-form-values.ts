import { NO_POSTURE_CONDITIONS, type ZtnaPolicy } from '@netloom/domain';
import type { FormErrors } from '@/lib/forms';

/** What the policy editor edits: a policy without its id and place in the list. */
export type PolicyFormValues = Omit<ZtnaPolicy, 'id' | 'order'>;

export const emptyPolicy = (): PolicyFormValues => ({
  name: '',
  description: '',
  enabled: true,
  action: 'allow',
  sources: { everyone: false, users: [], groups: [], security_groups: [] },
  destinations: { servers: [], sites: [], ports: [] },
  schedule: null,
  posture: { ...NO_POSTURE_CONDITIONS, os: [], countries: [] },
});

export function formValuesOf(policy: ZtnaPolicy): PolicyFormValues {
  const { id: _id, order: _order, ...values } = policy;
  return values;
}

/**
 * The message for a field: the form's own checks key errors by the top field, the server may name
 * a nested one ('posture.os.0.min_version'); either lands at the field's input.
 */
export function fieldError(errors: FormErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return nested ? errors[nested] : undefined;
}
