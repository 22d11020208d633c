import type { WebFilterRule } from '@netloom/domain';

/** Which rule of the policy decided, in words an admin reads in a log (the rule ids are the evaluator's). */
export const RULE_LABELS: Record<WebFilterRule, string> = {
  'filter-off': 'Web filter off',
  'custom-allow': 'Allowed URL list',
  'custom-block': 'Blocked URL list',
  'ip-allow': 'Allowed address',
  'ip-block': 'Blocked address',
  application: 'Application rule',
  'category-allow': 'Allowed category',
  'category-block': 'Blocked category',
  default: 'Default action',
};
