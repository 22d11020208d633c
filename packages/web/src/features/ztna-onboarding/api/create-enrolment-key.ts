import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdEnrolmentKeySchema, enrolmentKeyInputSchema, ZTNA_PATHS, type EnrolmentKeyInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

/** Creates an enrolment key; the answer holds the key itself, the only time it is shown. */
export function useCreateEnrolmentKey() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: EnrolmentKeyInput) =>
      api.post(ZTNA_PATHS.enrolmentKeys, enrolmentKeyInputSchema.parse(input), createdEnrolmentKeySchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ztnaKeys.enrolmentKeys(tid) }),
  });
}
