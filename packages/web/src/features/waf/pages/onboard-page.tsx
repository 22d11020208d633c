import { useState } from 'react';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { canWriteConfig, type WafApplication } from '@netloom/domain';
import { FormModal } from '@/components/dialogs/form-modal';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDeleteWafApplication } from '@/features/waf/api/delete-waf-application';
import { useWafApplications } from '@/features/waf/api/get-waf-applications';
import { useWafEdges } from '@/features/waf/api/get-waf-edges';
import { useSaveWafApplication } from '@/features/waf/api/save-waf-application';
import { ApplicationForm } from '@/features/waf/components/application-form';
import { ApplicationTable } from '@/features/waf/components/application-table';
import { DnsPanel } from '@/features/waf/components/dns-panel';

/** QShield › Organization › Onboard: the protected applications, their onboarding form and their DNS. */
export function OnboardPage() {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const applications = useWafApplications();
  const edges = useWafEdges();
  const save = useSaveWafApplication();
  const remove = useDeleteWafApplication();
  // undefined: closed; null: a new application.
  const [editing, setEditing] = useState<WafApplication | null | undefined>(undefined);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const viewing = applications.data?.find((a) => a.id === viewingId) ?? null;

  return (
    <>
      <PageHeader
        title="Onboard"
        subtitle="The applications the WAF protects: their domains, origins, TLS and the edges that serve them"
        actions={
          writer && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Onboard application
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        {applications.isError ? (
          <ErrorPanel onRetry={() => void applications.refetch()} />
        ) : (
          <ApplicationTable
            applications={applications.data ?? []}
            edges={edges.data ?? []}
            loading={applications.isLoading}
            writer={writer}
            onView={(a) => setViewingId(a.id)}
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
      <FormModal opened={editing !== undefined} onClose={() => setEditing(undefined)} label={editing ? `Edit ${editing.name}` : 'Onboard an application'}>
        {editing !== undefined && (
          <ApplicationForm
            application={editing}
            edges={edges.data ?? []}
            onCancel={() => setEditing(undefined)}
            onSave={async (input) => {
              const saved = await save.mutateAsync({ id: editing?.id, input });
              toast.success('Application', editing ? 'edited' : 'added');
              setEditing(undefined);
              // A new application's next step is its DNS records.
              if (!editing) setViewingId(saved.id);
            }}
          />
        )}
      </FormModal>
      <NamedModal name={viewing ? `DNS of ${viewing.name}` : 'DNS'} opened={viewing !== null} onClose={() => setViewingId(null)} size="lg" centered>
        {viewing && (
          <>
            <ModalHeader title={`DNS of ${viewing.name}`} subtitle={viewing.domains.join(', ')} onClose={() => setViewingId(null)} />
            <DnsPanel application={viewing} timezone={user?.timezone ?? null} />
          </>
        )}
      </NamedModal>
    </>
  );
}
