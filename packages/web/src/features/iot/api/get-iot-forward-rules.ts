import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { IOT_PATHS, iotForwardRuleListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { iotKeys } from './iot-keys';

function iotForwardRulesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: iotKeys.forwardRules(tid),
    queryFn: tid
      ? ({ signal }) => api.get(IOT_PATHS.forwardRules, iotForwardRuleListSchema, { query: tenantIdQuery(tid), signal }).then((l) => l.results)
      : skipToken,
  });
}

/** The telemetry forwarding rules, in the order they are tried. */
export function useIotForwardRules() {
  return useQuery(iotForwardRulesQueryOptions(useTenantScope()));
}
