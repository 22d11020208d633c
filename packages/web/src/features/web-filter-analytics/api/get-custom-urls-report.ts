import { skipToken, useQuery } from '@tanstack/react-query';
import { customUrlReportSchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

/** GET reports/custom-urls/: every custom URL with its list, its policy and its hits. */
export function useCustomUrlsReport() {
  const tid = useTenantScope();
  return useQuery({
    queryKey: webFilterKeys.customUrls(tid),
    queryFn: tid ? ({ signal }) => api.get(WEBFILTER_PATHS.customUrls, customUrlReportSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}
