import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { logsManagementBodySchema, logsManagementSchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

export type LogsManagementInput = z.input<typeof logsManagementBodySchema>;

/** PUT logs/logs-management/: new retention days; the page shows what the server kept. */
export function useUpdateLogsManagement() {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LogsManagementInput) =>
      api.put(WEBFILTER_PATHS.logsManagement, logsManagementBodySchema.parse(input), logsManagementSchema, { query: tenantIdQuery(tid) }),
    onSuccess: (saved) => queryClient.setQueryData(webFilterKeys.logsManagement(tid), saved),
  });
}
