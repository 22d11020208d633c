import { POSTURE_CONDITION_LABELS, type ztnaSessionRowSchema } from '@netloom/domain';
import type { z } from 'zod';

export type ZtnaSessionRow = z.infer<typeof ztnaSessionRowSchema>;

const PROTOCOL_LABELS = { tcp: 'TCP', udp: 'UDP', icmp: 'ICMP', any: 'Any' } as const;

/** 'TCP/443', or just the protocol when it has no port. */
export const protocolPortText = (r: Pick<ZtnaSessionRow, 'protocol' | 'port'>) => `${PROTOCOL_LABELS[r.protocol]}${r.port === null ? '' : `/${r.port}`}`;

/** What the server itself refused for, when no policy was asked. */
const RULE_TEXT: Partial<Record<ZtnaSessionRow['rule'], string>> = {
  default: 'Default deny',
  not_approved: 'Endpoint not approved',
  disabled: 'Server disabled',
  not_published: 'Port not published',
  unknown_server: 'Unknown server',
};

/** The deciding policy by name, or the default deny and the server's own refusals. */
export const decidedByText = (r: Pick<ZtnaSessionRow, 'policy_name' | 'rule'>) => r.policy_name ?? RULE_TEXT[r.rule] ?? 'Default deny';

export const failedConditionText = (r: Pick<ZtnaSessionRow, 'failed_condition' | 'rule'>) =>
  r.failed_condition ? POSTURE_CONDITION_LABELS[r.failed_condition] : r.rule === 'managed_only' ? 'Managed endpoints only' : '—';

/** '350 ms', '12.4 s', '3 min 05 s', '2 h 10 min'. */
export function durationText(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const s = Math.round(ms / 1_000);
  if (s < 3_600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3_600)} h ${String(Math.floor((s % 3_600) / 60)).padStart(2, '0')} min`;
}
