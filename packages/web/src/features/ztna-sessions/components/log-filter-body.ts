import type { LogFilterBody } from '@netloom/domain';
import type { SessionFilterField } from './session-log-filters';

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
export function logFilterBody(view: LogView, tenantId: string | null, fields: readonly SessionFilterField[]): LogFilterBody {
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
