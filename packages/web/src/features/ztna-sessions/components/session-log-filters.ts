import { POSTURE_CONDITION_LABELS, POSTURE_CONDITIONS, ZTNA_PROTOCOLS, type FILTER_TYPES, type ZTNA_SESSION_FILTER_KEYS } from '@netloom/domain';
import type { FilterDefinition, FilterValues } from '@/components/dialogs/filter-types';

type PayloadType = (typeof FILTER_TYPES)[number];

/** One filter of the session log: its key in the payload (ZTNA_SESSION_FILTER_KEYS) and in the URL. */
export interface SessionFilterField {
  key: Exclude<(typeof ZTNA_SESSION_FILTER_KEYS)[number], 'tenant_id'>;
  name: string;
  type: PayloadType;
}

export const SESSION_FILTER_FIELDS: readonly SessionFilterField[] = [
  { key: 'action', name: 'Action', type: 'select' },
  { key: 'user', name: 'User', type: 'string' },
  { key: 'device', name: 'Endpoint', type: 'string' },
  { key: 'server', name: 'Server', type: 'string' },
  { key: 'protocol', name: 'Protocol', type: 'select' },
  { key: 'policy', name: 'Policy', type: 'string' },
  { key: 'failed_condition', name: 'Failed condition', type: 'select' },
];

const PROTOCOL_LABELS = { tcp: 'TCP', udp: 'UDP', icmp: 'ICMP', any: 'Any' } as const;

/** The 'Select Filters' dialog's fields. */
export function sessionFilterDefinitions(): FilterDefinition[] {
  return SESSION_FILTER_FIELDS.map((f): FilterDefinition => {
    if (f.key === 'action')
      return {
        type: 'select',
        name: f.name,
        formControl: f.key,
        options: [
          { value: 'allow', label: 'Allow' },
          { value: 'deny', label: 'Deny' },
        ],
      };
    if (f.key === 'protocol')
      return { type: 'select', name: f.name, formControl: f.key, options: ZTNA_PROTOCOLS.map((p) => ({ value: p, label: PROTOCOL_LABELS[p] })) };
    if (f.key === 'failed_condition')
      return { type: 'select', name: f.name, formControl: f.key, options: POSTURE_CONDITIONS.map((c) => ({ value: c, label: POSTURE_CONDITION_LABELS[c] })) };
    return { type: 'input', name: f.name, formControl: f.key, placeholder: `Any ${f.name.toLowerCase()}` };
  });
}

/** The dialog's values as the URL keeps them: text only, empty ones dropped. */
export function filtersFromDialog(values: FilterValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of SESSION_FILTER_FIELDS) {
    const v = values[f.key];
    if (typeof v === 'string' && v.trim()) out[f.key] = v.trim();
  }
  return out;
}
