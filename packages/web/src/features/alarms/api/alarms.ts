import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALARM_PATHS,
  alarmDefaultsSchema,
  alarmHistorySchema,
  alarmInterfacesSchema,
  alarmNotificationListSchema,
  type AlarmDefaultsBody,
  type AlarmKind,
  type NotificationList,
} from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

/** The alarm tables show this many of the newest changes; older ones are in the history, a page away. */
const ALARM_ROWS = 500;
/** History refreshes while the page is open, so a change shows within seconds. */
const HISTORY_POLL_MS = 10_000;

export const notificationsKey = (tid: string | null) => ['notifications', tid] as const;

export function useAlarmHistory(deviceId: string | null, kind: AlarmKind, iface: string) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ['alarm-history', tid, deviceId, kind, iface],
    queryFn: deviceId
      ? ({ signal }) =>
          api.get(ALARM_PATHS.history(deviceId, kind), alarmHistorySchema, {
            query: { ...tidQuery(tid), page_size: ALARM_ROWS, ...(iface !== 'All' ? { interface: iface } : {}) },
            signal,
          })
      : skipToken,
    refetchInterval: HISTORY_POLL_MS,
  });
}

export function useAlarmInterfaces(deviceId: string | null, kind: 'wan' | 'performance' | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ['alarm-interfaces', tid, deviceId, kind],
    queryFn:
      deviceId && kind ? ({ signal }) => api.get(ALARM_PATHS.interfaces(deviceId, kind), alarmInterfacesSchema, { query: tidQuery(tid), signal }) : skipToken,
  });
}

export function useNotifications(tid: string | null) {
  return useQuery({
    queryKey: notificationsKey(tid),
    queryFn: tid ? ({ signal }) => api.get(ALARM_PATHS.notifications, alarmNotificationListSchema, { query: tidQuery(tid), signal }) : skipToken,
  });
}

export function useMarkRead(tid: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string | undefined) =>
      api.post(ALARM_PATHS.notificationsRead, upTo ? { up_to: upTo } : {}, alarmNotificationListSchema, { query: tidQuery(tid) }),
    onSuccess: (list: NotificationList) => qc.setQueryData(notificationsKey(tid), list),
  });
}

const defaultsKey = (tid: string | null) => ['alarm-defaults', tid] as const;

/** The tenant's default thresholds for performance alarms (the built-in ones until saved). */
export function useAlarmDefaults() {
  const tid = useTenantScope();
  return useQuery({
    queryKey: defaultsKey(tid),
    queryFn: ({ signal }) => api.get(ALARM_PATHS.defaults, alarmDefaultsSchema, { query: tidQuery(tid), signal }),
  });
}

export function useSaveAlarmDefaults() {
  const tid = useTenantScope();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmDefaultsBody) => api.put(ALARM_PATHS.defaults, body, alarmDefaultsSchema, { query: tidQuery(tid) }),
    onSuccess: (saved) => qc.setQueryData(defaultsKey(tid), saved),
  });
}
