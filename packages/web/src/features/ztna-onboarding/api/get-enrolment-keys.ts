import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { enrolmentKeyRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const keyListSchema = z.array(enrolmentKeyRowSchema);
export type EnrolmentKeyRow = z.infer<typeof enrolmentKeyRowSchema>;

function enrolmentKeysQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.enrolmentKeys(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.enrolmentKeys, keyListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The client enrolment keys (never the keys themselves: only their prefix). */
export function useEnrolmentKeys() {
  return useQuery(enrolmentKeysQueryOptions(useTenantScope()));
}
