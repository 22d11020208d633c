import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  RUM_PATHS,
  rumBreakdownSchema,
  rumErrorsSchema,
  rumOverviewSchema,
  rumSessionDetailSchema,
  rumSessionListSchema,
  rumSlowestPagesSchema,
  rumTimeseriesSchema,
  type RumBreakdown,
  type RumQuery,
  type VitalName,
} from '@netloom/domain';
import { api, type Parser } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { rumKeys } from './rum-keys';

/** A query of the RUM page: one site, a window, and the filters chosen; null while no site is chosen. */
export type RumPageQuery = RumQuery | null;

function useRumQuery<T>(what: string, path: string, schema: Parser<T>, query: object | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: rumKeys.query(tid, what, query ?? {}),
    queryFn: query ? ({ signal }) => api.get(path, schema, { query: { ...query, ...tidQuery(tid) }, signal }) : skipToken,
    // A new window or filter keeps the last figures on screen until the new ones come.
    placeholderData: keepPreviousData,
  });
}

/** Page views, sessions, error rate, the share of good page loads and each vital's p75. */
export const useRumOverview = (q: RumPageQuery) => useRumQuery('overview', RUM_PATHS.overview, rumOverviewSchema, q);

export const useRumTimeseries = (q: RumPageQuery, vital: VitalName) =>
  useRumQuery('timeseries', RUM_PATHS.timeseries, rumTimeseriesSchema, q && { ...q, vital });

export const useRumBreakdown = (q: RumPageQuery, vital: VitalName, by: RumBreakdown) =>
  useRumQuery('breakdown', RUM_PATHS.breakdown, rumBreakdownSchema, q && { ...q, vital, by });

export const useRumSlowestPages = (q: RumPageQuery, vital: VitalName) =>
  useRumQuery('slowest', RUM_PATHS.slowestPages, rumSlowestPagesSchema, q && { ...q, vital });

export const useRumErrors = (q: RumPageQuery) => useRumQuery('errors', RUM_PATHS.errors, rumErrorsSchema, q);

export const useRumSessions = (q: RumPageQuery, pageNumber: number, pageSize: number) =>
  useRumQuery('sessions', RUM_PATHS.sessions, rumSessionListSchema, q && { ...q, page_number: pageNumber, page_size: pageSize });

/** One session: its page views, route changes, vitals and errors in order. */
export function useRumSession(siteId: string | null, sessionId: string) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: rumKeys.query(tid, 'session', { siteId, sessionId }),
    queryFn: siteId
      ? ({ signal }) => api.get(RUM_PATHS.session(sessionId), rumSessionDetailSchema, { query: { site_id: siteId, ...tidQuery(tid) }, signal })
      : skipToken,
  });
}
