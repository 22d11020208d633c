import type { ReactNode } from 'react';
import { Alert, Paper, Skeleton } from '@mantine/core';
import { canManageUsers } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useOrganisation } from '@/features/organisations/api/get-organisation';
import { useUpdateOrganisation } from '@/features/organisations/api/update-organisation';
import { OrganisationForm } from '@/features/organisations/components/organisation-form';

/**
 * Organisation settings (profile menu): the tenant's details; owners and admins change them.
 * `sections` are other features' parts of the page (user provisioning), composed by the route.
 */
export function OrganisationSettingsPage({ sections }: { sections?: ReactNode }) {
  const user = useCurrentUser();
  const org = useOrganisation();
  const update = useUpdateOrganisation();
  const readOnly = !user || !canManageUsers(user);
  return (
    <>
      <PageHeader title="Organisation settings" subtitle={org.data?.display_name || org.data?.tenantname} />
      {readOnly && (
        <Alert color="gray" mb="md">
          Only owners and admins can change the organisation's details.
        </Alert>
      )}
      <Paper withBorder p="lg">
        {org.isError ? (
          <ErrorPanel onRetry={() => void org.refetch()} />
        ) : !org.data ? (
          <Skeleton h={320} />
        ) : (
          <OrganisationForm
            key={org.data.tenant_id}
            organisation={org.data}
            readOnly={readOnly}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              toast.edited('Organisation');
            }}
          />
        )}
      </Paper>
      {sections}
    </>
  );
}
