import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CONSOLE_PATHS, REPORT_KIND_LABELS, reportRowSchema, type ReportRequest, type ReportRow } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { downloadFile } from '@/lib/http/download-file';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';

/** How often the list is read while a report is queued or running, in case a progress message was lost. */
const IN_PROGRESS_POLL_MS = 10_000;
export const reportsKey = (tid: string | null) => ['reports', tid] as const;

/** The tenant's reports, newest first; the socket keeps their progress current. */
export function useReports() {
  const tid = useTenantScope();
  return useQuery({
    queryKey: reportsKey(tid),
    queryFn: ({ signal }) => api.get(CONSOLE_PATHS.reports, z.array(reportRowSchema), { query: tenantIdQuery(tid), signal }),
    // The server's progress messages are best effort: while a report is being made, the list is also read now and then.
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'queued' || r.status === 'running') ? IN_PROGRESS_POLL_MS : false),
  });
}

const STAGE: Record<ReportRow['status'], number> = { queued: 0, running: 1, done: 2, failed: 2 };
/** Is `next` the same report further along (or as far)? A report only moves forward. */
const isNewer = (next: ReportRow, old: ReportRow) =>
  STAGE[next.status] > STAGE[old.status] || (STAGE[next.status] === STAGE[old.status] && next.progress >= old.progress);

/**
 * A report row put in the cached list: added on top, or replacing its older self. A quick report
 * can be done over the socket before the answer to its POST (still 'queued') arrives: the older
 * news never wins.
 */
export function upsertReport(list: ReportRow[] | undefined, row: ReportRow): ReportRow[] | undefined {
  if (!list) return list;
  const old = list.find((r) => r.id === row.id);
  if (!old) return [row, ...list];
  return isNewer(row, old) ? list.map((r) => (r.id === row.id ? row : r)) : list;
}

export function useGenerateReport() {
  const tid = useTenantScope();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportRequest) => api.post(CONSOLE_PATHS.reports, body, reportRowSchema, { query: tenantIdQuery(tid) }),
    onSuccess: (row) => qc.setQueryData<ReportRow[]>(reportsKey(tid), (list) => upsertReport(list, row)),
  });
}

export function useDeleteReport() {
  const tid = useTenantScope();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(CONSOLE_PATHS.report(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: (_r, id) => qc.setQueryData<ReportRow[]>(reportsKey(tid), (list) => list?.filter((r) => r.id !== id)),
  });
}

/** Saves a finished report under the server's file name. */
export function useDownloadReport() {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (row: ReportRow) =>
      downloadFile(CONSOLE_PATHS.reportDownload(row.id), row.file_name ?? `${REPORT_KIND_LABELS[row.kind]}.${row.format}`, tenantIdQuery(tid)),
  });
}
