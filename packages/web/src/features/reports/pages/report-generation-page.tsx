import { Stack, Tabs } from '@mantine/core';
import { IconCalendarRepeat, IconFileAnalytics } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { REPORT_KEEP_DAYS, canManageTenant, type ReportRow } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useDeleteReport, useDownloadReport, useGenerateReport, useReports } from '../api/reports';
import { GenerateReportForm } from '../components/generate-report-form';
import { ReportsTable } from '../components/reports-table';
import { SchedulesTab } from '../components/schedules-tab';
import { useReportSocket } from '../hooks/use-report-socket';

/**
 * System tools → Report generation: owners and admins make fleet, availability, traffic, web
 * filter and log reports as PDF or CSV. They are made in the background (the row's bar follows
 * over the socket), kept for download for 30 days, and can be scheduled and e-mailed.
 */
export function ReportGenerationPage({ product }: { product: 'sdwan' | 'ztna' }) {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'schedules' ? 'schedules' : 'reports';
  if (!user) return null;
  if (!canManageTenant(user))
    return <EmptyState title="Owners and admins only" description="Ask an owner or admin of the organisation for the reports you need." />;

  return (
    <>
      <PageHeader title="Report generation" subtitle={`Reports to take away, kept for download for ${REPORT_KEEP_DAYS} days`} />
      <Tabs value={tab} onChange={(t) => setParams(t === 'schedules' ? { tab: 'schedules' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="reports" leftSection={<IconFileAnalytics size={16} />}>
            Reports
          </Tabs.Tab>
          <Tabs.Tab value="schedules" leftSection={<IconCalendarRepeat size={16} />}>
            Schedules
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports">
          <ReportsPanel product={product} tenantId={tid} timezone={user.timezone} />
        </Tabs.Panel>
        <Tabs.Panel value="schedules">
          <SchedulesTab product={product} timezone={user.timezone} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function ReportsPanel({ product, tenantId, timezone }: { product: 'sdwan' | 'ztna'; tenantId: string | null; timezone: string | null }) {
  const reports = useReports();
  const generate = useGenerateReport();
  const download = useDownloadReport();
  const remove = useDeleteReport();
  useReportSocket(tenantId);
  const rows = (reports.data ?? []).filter((r) => r.product === product);
  return (
    <Stack gap="md">
      <GenerateReportForm product={product} tenantId={tenantId} onGenerate={(body) => generate.mutateAsync(body)} />
      {reports.isError ? (
        <ErrorPanel onRetry={() => void reports.refetch()} />
      ) : (
        <ReportsTable
          reports={rows}
          loading={reports.isLoading}
          timezone={timezone}
          onDownload={(r: ReportRow) => download.mutate(r, { onError: () => toast.error('The report could not be downloaded') })}
          onDelete={(r: ReportRow) =>
            remove.mutate(r.id, {
              onSuccess: () => toast.deleted('Report'),
              onError: () => toast.error(),
            })
          }
        />
      )}
    </Stack>
  );
}
