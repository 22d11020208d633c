import { POSTURE_CONDITION_LABELS, type AccessRule, type PostureCondition } from '@netloom/domain';

interface Decided {
  rule: AccessRule;
  policy: { id: string; name: string } | null;
}

/** What the server (or the endpoint's approval) refused for, when no policy was asked. */
const SERVER_RULES: Partial<Record<AccessRule, string>> = {
  default: 'Default deny',
  not_approved: 'Endpoint not approved',
  disabled: 'Server disabled',
  not_published: 'Port not published',
  unknown_server: 'Unknown server',
};

/** Who decided: the policy by name, or the default deny and the server's own refusals. */
export const decidedByText = (d: Decided): string => d.policy?.name ?? SERVER_RULES[d.rule] ?? 'Default deny';

/** A failed posture condition in plain words ('Firewall: The firewall is off'). */
export const failedText = (f: { condition: PostureCondition; message: string } | null): string | null =>
  f ? `${POSTURE_CONDITION_LABELS[f.condition]}: ${f.message}` : null;
