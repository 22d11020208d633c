import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DEVICE_PATHS, deviceRowSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';

const userDevicesSchema = z.array(deviceRowSchema);

function userDevicesQueryOptions(tid: string | null, username: string | null) {
  return queryOptions({
    queryKey: ['teams', 'user-devices', tid, username] as const,
    queryFn:
      tid && username ? ({ signal }) => api.get(DEVICE_PATHS.userDevices, userDevicesSchema, { query: { tenant_id: tid, username }, signal }) : skipToken,
  });
}

/** The endpoints a user is signed in on (webfilter-global/get-user-devices/). */
export function useUserDevices(username: string | null) {
  return useQuery(userDevicesQueryOptions(useTenantScope(), username));
}
