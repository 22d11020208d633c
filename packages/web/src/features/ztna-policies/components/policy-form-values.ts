import { NO_POSTURE_CONDITIONS, type ZtnaPolicy } from '@netloom/domain';
import type { PolicyValues } from '@/components/policies/policy-values';

/** What the policy editor edits: a policy without its id and place in the list. */
export type PolicyFormValues = PolicyValues<ZtnaPolicy>;

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
