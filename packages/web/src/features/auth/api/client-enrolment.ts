import { useMutation } from '@tanstack/react-query';
import { ZTNA_PATHS, clientEnrolmentSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';

/** A single-use enrolment key of the signed-in user's organisation for the MicroZAccess client on this device. */
export function useClientEnrolment() {
  return useMutation({
    mutationFn: (input: { redirect_uri?: string; state?: string }) => api.post(ZTNA_PATHS.clientEnrolment, input, clientEnrolmentSchema),
  });
}
