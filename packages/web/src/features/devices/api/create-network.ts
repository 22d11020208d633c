import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { DEVICE_PATHS, networkBodySchema, networkSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { networksQueryOptions } from '@/lib/get-networks';

/** The device group form: its name (spec 000 §3 "Network (device group)"). */
export const networkFormSchema = networkBodySchema;
export type NetworkForm = z.input<typeof networkFormSchema>;

/** Creates a device group; the group list (page and header selector) shows it next. */
export function useCreateNetwork() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (form: NetworkForm) => api.post(DEVICE_PATHS.networks, networkFormSchema.parse(form), networkSchema, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networksQueryOptions(tid).queryKey }),
  });
}
