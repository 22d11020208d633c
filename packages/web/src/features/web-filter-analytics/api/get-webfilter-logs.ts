import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { squidLogPageSchema, webFilterLogPageSchema, WEBFILTER_PATHS, type LogFilterBody } from '@netloom/domain';
import { api, type Parser } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

/** Every web-filter decision, or the gateways' proxy access log. */
export type WebFilterLogKind = 'webfilter' | 'squid';

export const LOG_PATHS: Record<WebFilterLogKind, string> = { webfilter: WEBFILTER_PATHS.webfilterLogs, squid: WEBFILTER_PATHS.squidLogs };

/** One page of a log, filtered and paged on the server (POST with the table filter payload, spec 001 §3). */
function useLogPage<T>(kind: WebFilterLogKind, body: LogFilterBody, schema: Parser<T>) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: webFilterKeys.logs(tid, kind, body),
    queryFn: tid ? ({ signal }) => api.post(LOG_PATHS[kind], body, schema, { query: tenantIdQuery(tid), signal }) : skipToken,
    // The next page keeps the current rows on screen until it arrives, rather than a flash of skeleton.
    placeholderData: keepPreviousData,
  });
}

export const useWebFilterLogs = (body: LogFilterBody) => useLogPage('webfilter', body, webFilterLogPageSchema);
export const useSquidLogs = (body: LogFilterBody) => useLogPage('squid', body, squidLogPageSchema);
