import { URL_ACTIONS, URL_EVENT_SOURCES, type FILTER_TYPES } from '@netloom/domain';
import type { FilterDefinition, FilterValues } from '@/components/dialogs/filter-types';
import type { WebFilterLogKind } from '@/features/web-filter-analytics/api/get-webfilter-logs';

type PayloadType = (typeof FILTER_TYPES)[number];

/** One filter of a log: its key in the payload (WEBFILTER_LOG_FILTER_KEYS) and in the URL. */
interface LogFilterField {
  key: 'action' | 'category' | 'user' | 'device' | 'domain' | 'via';
  name: string;
  type: PayloadType;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const VIA_LABELS: Record<(typeof URL_EVENT_SOURCES)[number], string> = { agent: 'Endpoint agent', proxy: 'Gateway proxy' };

const FIELDS: Record<WebFilterLogKind, readonly LogFilterField[]> = {
  webfilter: [
    { key: 'action', name: 'Action', type: 'select' },
    { key: 'category', name: 'Category', type: 'select' },
    { key: 'user', name: 'User', type: 'string' },
    { key: 'device', name: 'Device', type: 'string' },
    { key: 'domain', name: 'Domain', type: 'string' },
    { key: 'via', name: 'Seen by', type: 'select' },
  ],
  // The proxy's access log has no decision or category of its own: who, where from and where to.
  squid: [
    { key: 'user', name: 'User', type: 'string' },
    { key: 'device', name: 'Device', type: 'string' },
    { key: 'domain', name: 'Domain', type: 'string' },
  ],
};

export const logFilterFields = (kind: WebFilterLogKind) => FIELDS[kind];

/** The 'Select Filters' dialog's fields; categories come from the server's catalogue. */
export function logFilterDefinitions(kind: WebFilterLogKind, categories: readonly { id: string; name: string }[]): FilterDefinition[] {
  return FIELDS[kind].map((f): FilterDefinition => {
    if (f.key === 'action') return { type: 'select', name: f.name, formControl: f.key, options: URL_ACTIONS.map((a) => ({ value: a, label: capitalise(a) })) };
    if (f.key === 'via')
      return { type: 'select', name: f.name, formControl: f.key, options: URL_EVENT_SOURCES.map((v) => ({ value: v, label: VIA_LABELS[v] })) };
    if (f.key === 'category') {
      return { type: 'select', name: f.name, formControl: f.key, options: categories.map((c) => ({ value: c.id, label: c.name })), needSearchInSelect: true };
    }
    return { type: 'input', name: f.name, formControl: f.key, placeholder: `Any ${f.name.toLowerCase()}` };
  });
}

/** The dialog's values as the URL keeps them: text only, empty ones dropped. */
export function filtersFromDialog(kind: WebFilterLogKind, values: FilterValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of FIELDS[kind]) {
    const v = values[f.key];
    if (typeof v === 'string' && v.trim()) out[f.key] = v.trim();
  }
  return out;
}
