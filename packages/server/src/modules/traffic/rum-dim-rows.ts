import { vitalBucket } from '@netloom/domain';
import { truncate, type Dims, type RumRollupLevel, type RumRows, type SessionRow } from './rum-rows';

/** The dimensions kept one at a time: '' is the site's total. */
export const RUM_DIMS = ['', 'page', 'country', 'browser', 'os', 'device_class'] as const;
export type RumDim = (typeof RUM_DIMS)[number];

export interface PageDimRow {
  site_id: string;
  at: string;
  dim: RumDim;
  key: string;
  views: number;
  errors: number;
  sessions: number;
}
export interface VitalDimRow {
  site_id: string;
  at: string;
  vital: string;
  dim: RumDim;
  key: string;
  rating: string;
  bucket: number;
  count: number;
}

const keyOf = (r: Omit<Dims, 'tenant_id' | 'session_id' | 'page_view_id'>, dim: RumDim): string => (dim === '' ? '' : r[dim]);

/**
 * The batch's additions to one level's one-dimension rollups; `started` are the sessions this batch
 * began (their first beacon), counted by their entry page's dimensions.
 */
export function rumDimRollupsOf(
  rows: RumRows,
  level: RumRollupLevel,
  started: readonly SessionRow[],
  dims: readonly RumDim[] = RUM_DIMS,
): { pages: PageDimRow[]; vitals: VitalDimRow[] } {
  const pages = new Map<string, PageDimRow>();
  const addPage = (r: Omit<Dims, 'tenant_id' | 'session_id' | 'page_view_id'>, at: string, add: { views: number; errors: number; sessions: number }) => {
    const bucketAt = truncate(at, level);
    for (const dim of dims) {
      const key = keyOf(r, dim);
      const id = [r.site_id, dim, bucketAt, key].join('\u0000');
      const row = pages.get(id);
      if (row) {
        row.views += add.views;
        row.errors += add.errors;
        row.sessions += add.sessions;
      } else pages.set(id, { site_id: r.site_id, at: bucketAt, dim, key, ...add });
    }
  };
  for (const v of rows.views) if (v.kind === 'view') addPage(v, v.at, { views: 1, errors: 0, sessions: 0 });
  for (const e of rows.errors) addPage(e, e.at, { views: 0, errors: 1, sessions: 0 });
  for (const s of started) addPage({ ...s, page: s.entry_page }, s.started_at, { views: 0, errors: 0, sessions: 1 });
  const vitals = new Map<string, VitalDimRow>();
  for (const v of rows.vitals) {
    const at = truncate(v.at, level);
    const bucket = vitalBucket(v.name, v.value);
    for (const dim of dims) {
      const key = keyOf(v, dim);
      const id = [v.site_id, v.name, dim, at, key, v.rating, bucket].join('\u0000');
      const row = vitals.get(id);
      if (row) row.count++;
      else vitals.set(id, { site_id: v.site_id, at, vital: v.name, dim, key, rating: v.rating, bucket, count: 1 });
    }
  }
  const sorted = <T>(m: Map<string, T>) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { pages: sorted(pages), vitals: sorted(vitals) };
}
