import { paths } from '@/paths';

/** The request parameter a matched rule names in its data ('… within ARGS:q: …'), if any. */
export function parameterOf(data: string): string | null {
  return /\bARGS(?:_GET|_POST)?:([A-Za-z0-9_.\-[\]]+)/.exec(data)?.[1] ?? null;
}

/** The WAF policy page with a new exclusion of this rule under this path (and for this parameter) pre-filled. */
export function excludeRuleHref(attack: { application_id: string | null; path: string }, rule: { id: number; data: string }): string {
  const params = new URLSearchParams();
  if (attack.application_id) params.set('application', attack.application_id);
  params.set('exclude_rule', String(rule.id));
  params.set('path', attack.path.split('?')[0] || '/');
  const parameter = parameterOf(rule.data);
  if (parameter) params.set('parameter', parameter);
  return `${paths.waf.policy}?${params.toString()}`;
}
