import type { WebFilterPolicy } from '@netloom/domain';
import type { PolicyValues } from '@/components/policies/policy-values';

/** What the policy editor edits: a policy without its id and place in the list. */
export type PolicyFormValues = PolicyValues<WebFilterPolicy>;

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
