import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { logListSchema, ORG_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';

export type LogKind = 'login' | 'activity';

export interface LogFilter {
  page: number;
  page_size: number;
  search?: string;
  start_time?: string;
  end_time?: string;
}

export const logPath = (kind: LogKind) => (kind === 'login' ? ORG_PATHS.loginLogs : ORG_PATHS.activityLogs);

function logsQueryOptions(tid: string | null, kind: LogKind, filter: LogFilter) {
  return queryOptions({
    queryKey: ['activity-logs', kind, tid, filter] as const,
    queryFn: tid ? ({ signal }) => api.get(logPath(kind), logListSchema, { query: { tid, ...filter }, signal }) : skipToken,
    placeholderData: keepPreviousData,
  });
}

/** One page of the login or activity log, filtered on the server. */
export function useLogs(kind: LogKind, filter: LogFilter) {
  return useQuery(logsQueryOptions(useTenantScope(), kind, filter));
}
