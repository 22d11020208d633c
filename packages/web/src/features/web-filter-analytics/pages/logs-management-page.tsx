import { Paper } from '@mantine/core';
import { canManageTenant, canReadLogs, MAX_LOG_RETENTION_DAYS } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useLogsManagement } from '@/features/web-filter-analytics/api/get-logs-management';
import { useUpdateLogsManagement } from '@/features/web-filter-analytics/api/update-logs-management';
import { RetentionForm } from '@/features/web-filter-analytics/components/retention-form';

/** ZTNA → Logs management: how long each log is kept. Those who read the logs see it; owners and admins change it. */
export function LogsManagementPage() {
  const user = useCurrentUser();
  const allowed = user !== null && canReadLogs(user);
  const settings = useLogsManagement(allowed);
  const update = useUpdateLogsManagement();
  return (
    <>
      <PageHeader title="Logs management" subtitle={`How many days each log is kept (1 to ${MAX_LOG_RETENTION_DAYS})`} />
      <Paper withBorder p="md" data-testid="logs-management">
        {!allowed ? (
          <EmptyState title="Permission Denied" description="Only owners and admins can see how long logs are kept." />
        ) : settings.isError ? (
          <ErrorPanel onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <CardSkeleton height={200} lines={4} />
        ) : (
          <RetentionForm
            // A save answers what the server kept: the form starts again from it.
            key={JSON.stringify(settings.data.retention)}
            saved={settings.data}
            readOnly={!user || !canManageTenant(user)}
            busy={update.isPending}
            formError={update.error ? formErrorMessage(update.error) : null}
            onSave={(retention) => update.mutate({ retention }, { onSuccess: () => toast.edited('Log retention') })}
          />
        )}
      </Paper>
    </>
  );
}
