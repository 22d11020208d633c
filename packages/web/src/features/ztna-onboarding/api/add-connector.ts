import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connectorBodySchema, connectorRowSchema, ZTNA_PATHS } from '@netloom/domain';
import type { z } from 'zod';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

export type ConnectorBody = z.input<typeof connectorBodySchema>;

/** Makes one of the tenant's gateways an app connector of a site. */
export function useAddConnector() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: ConnectorBody) => api.post(ZTNA_PATHS.connectors, connectorBodySchema.parse(body), connectorRowSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ztnaKeys.connectors(tid) }),
  });
}
