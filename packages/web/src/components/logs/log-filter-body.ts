import type { FILTER_TYPES, LogFilterBody } from '@netloom/domain';

/** What the body needs of a log's filter field: its key (in the payload and the URL) and payload type. */
export interface LogFilterFieldBase {
  key: string;
  type: (typeof FILTER_TYPES)[number];
}

export interface LogView {
  page: number;
  size: number;
  search: string;
  start?: string;
  end?: string;
  /** Filter key → value, as in the URL. */
  filters: Readonly<Record<string, string>>;
}

/**
 * The table filter payload (spec 001 §3) of a log view. The filters start with tenant_id: the
 * spec's servers read the scope from the first filter, so it leads even when nothing else is set.
 */
export function logFilterBody(view: LogView, tenantId: string | null, fields: readonly LogFilterFieldBase[]): LogFilterBody {
  const scope = tenantId ? [{ key: 'tenant_id', value: tenantId, type: 'string' as const }] : [];
  const chosen = fields.filter((f) => view.filters[f.key]).map((f) => ({ key: f.key, value: view.filters[f.key] ?? '', type: f.type }));
  return {
    page: view.page,
    size: view.size,
    filters: [...scope, ...chosen],
    ...(view.start && view.end ? { start_time: view.start, end_time: view.end } : {}),
    ...(view.search ? { search: view.search } : {}),
  };
}
