import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customListBodySchema, WEBFILTER_PATHS } from '@netloom/domain';
import type { z } from 'zod';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

export type CustomListBody = z.input<typeof customListBodySchema>;

/** Replaces the organisation's own allowed and blocked URLs (PUT webfilter-custom-url/). */
export function useSaveCustomList() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: CustomListBody) => api.put(WEBFILTER_PATHS.customListSave, customListBodySchema.parse(body), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webFilterKeys.customList(tid) }),
        queryClient.invalidateQueries({ queryKey: webFilterKeys.endpoints(tid) }),
      ]),
  });
}
