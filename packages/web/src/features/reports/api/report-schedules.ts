import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CONSOLE_PATHS, reportScheduleRowSchema, type ReportScheduleBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';

const schedulesKey = (tid: string | null) => ['report-schedules', tid] as const;

export function useReportSchedules() {
  const tid = useTenantScope();
  return useQuery({
    queryKey: schedulesKey(tid),
    queryFn: ({ signal }) => api.get(CONSOLE_PATHS.reportSchedules, z.array(reportScheduleRowSchema), { query: tenantIdQuery(tid), signal }),
  });
}

/** Writes refresh the list (the server works out the next run). */
function useScheduleWrite<V>(send: (v: V, tid: string | null) => Promise<unknown>) {
  const qc = useQueryClient();
  const tid = useTenantScope();
  return useMutation({ mutationFn: (v: V) => send(v, tid), onSuccess: () => void qc.invalidateQueries({ queryKey: schedulesKey(tid) }) });
}

export const useCreateSchedule = () =>
  useScheduleWrite((body: ReportScheduleBody, tid) => api.post(CONSOLE_PATHS.reportSchedules, body, reportScheduleRowSchema, { query: tenantIdQuery(tid) }));
export const useUpdateSchedule = () =>
  useScheduleWrite(({ id, body }: { id: string; body: ReportScheduleBody }, tid) =>
    api.put(CONSOLE_PATHS.reportSchedule(id), body, reportScheduleRowSchema, { query: tenantIdQuery(tid) }),
  );
export const useDeleteSchedule = () => useScheduleWrite((id: string, tid) => api.delete(CONSOLE_PATHS.reportSchedule(id), null, { query: tenantIdQuery(tid) }));
