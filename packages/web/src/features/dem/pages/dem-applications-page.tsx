import { useState } from 'react';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { canWriteConfig, type DemApplication } from '@netloom/domain';
import { FormModal } from '@/components/dialogs/form-modal';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDeleteDemApplication } from '@/features/dem/api/delete-dem-application';
import { useDemApplications } from '@/features/dem/api/get-dem-applications';
import { useSaveDemApplication } from '@/features/dem/api/save-dem-application';
import { useDemZtnaServers } from '@/features/dem/api/get-ztna-servers';
import { ApplicationForm } from '@/features/dem/components/application-form';
import { ApplicationsTable } from '@/features/dem/components/applications-table';

/**
 * DEM › Organization › Monitored applications: the SaaS and private applications the tenant's
 * endpoints test (a URL or one of its ZTNA servers), which tests, how often and the score under
 * which an alarm is raised. Viewers read; editors and up add, change and delete.
 */
export function DemApplicationsPage() {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const applications = useDemApplications();
  const servers = useDemZtnaServers();
  const save = useSaveDemApplication();
  const remove = useDeleteDemApplication();
  // undefined: closed; null: a new application.
  const [editing, setEditing] = useState<DemApplication | null | undefined>(undefined);

  return (
    <>
      <PageHeader
        title="Monitored applications"
        subtitle="The applications your ZTNA endpoints test, and how"
        actions={
          writer && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Monitor an application
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        {applications.isError ? (
          <ErrorPanel onRetry={() => void applications.refetch()} />
        ) : (
          <ApplicationsTable
            applications={applications.data ?? []}
            servers={servers.data ?? []}
            loading={applications.isLoading}
            writer={writer}
            onEdit={setEditing}
            onDelete={(a) =>
              remove.mutate(a.id, {
                onSuccess: () => toast.deleted('Application'),
                onError: (e) => toast.error(formErrorMessage(e)),
              })
            }
          />
        )}
      </Paper>
      <FormModal opened={editing !== undefined} onClose={() => setEditing(undefined)} label={editing ? `Edit ${editing.name}` : 'Monitor an application'}>
        {editing !== undefined && (
          <ApplicationForm
            application={editing}
            servers={servers.data ?? []}
            onCancel={() => setEditing(undefined)}
            onSave={async (input) => {
              await save.mutateAsync({ id: editing?.id, input });
              toast.success('Application', editing ? 'edited' : 'added');
              setEditing(undefined);
            }}
          />
        )}
      </FormModal>
    </>
  );
}
