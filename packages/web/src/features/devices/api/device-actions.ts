import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEVICE_PATHS, deviceRowSchema, type ClaimDeviceBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

/** What an inventory row can be told to do; reject is a pending device's removal. */
export const DEVICE_ACTIONS = {
  approve: { path: DEVICE_PATHS.approve, label: 'Approve', done: 'approved' },
  reject: { path: DEVICE_PATHS.unclaim, label: 'Reject', done: 'rejected' },
  unclaim: { path: DEVICE_PATHS.unclaim, label: 'Unclaim', done: 'removed from the inventory' },
  activate: { path: DEVICE_PATHS.activate, label: 'Activate', done: 'activated' },
  deactivate: { path: DEVICE_PATHS.deactivate, label: 'Deactivate', done: 'deactivated' },
  restart: { path: DEVICE_PATHS.restart, label: 'Restart', done: 'restarting' },
} as const;
export type DeviceAction = keyof typeof DEVICE_ACTIONS;

/**
 * One action on several devices, each its own call (each audited, each may fail alone): the
 * answer says how many succeeded and which failed. The device list is read again afterwards.
 */
export function useDeviceAction() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: async ({ action, ids }: { action: DeviceAction; ids: string[] }) => {
      const results = await Promise.allSettled(ids.map((id) => api.post(DEVICE_ACTIONS[action].path(id), {}, null, { query: tidQuery(tid) })));
      return { done: results.filter((r) => r.status === 'fulfilled').length, failed: ids.filter((_, i) => results[i]!.status === 'rejected') };
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['fleet'] }),
  });
}

/** Claims a device by serial: it is approved the moment it enrols with the tenant's key. */
export function useClaimDevice() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: ClaimDeviceBody) => api.post(DEVICE_PATHS.claim, body, deviceRowSchema, { query: tidQuery(tid) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['fleet'] }),
  });
}
