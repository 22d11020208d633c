import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, Paper, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { canWriteConfig, ENDPOINT_OS_LABELS } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useEndpointProfiles } from '@/features/ztna-profiles/api/get-endpoint-profiles';
import { useEnrolledEndpoints } from '@/features/ztna-profiles/api/get-enrolled-endpoints';
import { AssignProfileForm } from '@/features/ztna-profiles/components/assign-profile-form';
import { ConfigSyncBadge } from '@/components/config-sync-badge';

interface AssignmentRow {
  id: string;
  name: string;
  user: string | null;
  os: string | null;
  profile: string;
  config_sync: string;
  last_seen: string | null;
}

/**
 * MicroZAccess › Endpoint profiles › overlay-device: every enrolled endpoint with the profile it
 * gets and whether it runs it yet; editors give one endpoint a profile of its own.
 */
export function ProfileAssignmentsPage() {
  const user = useCurrentUser();
  const endpoints = useEnrolledEndpoints();
  const profiles = useEndpointProfiles();
  const [assigning, setAssigning] = useState<AssignmentRow | null>(null);
  const rows = useMemo<AssignmentRow[]>(
    () =>
      (endpoints.data ?? []).map((e) => ({
        id: e.id,
        name: e.name,
        user: e.user,
        os: e.os_label ?? (e.os ? ENDPOINT_OS_LABELS[e.os] : null),
        profile: e.profile,
        config_sync: e.config_sync,
        last_seen: e.last_seen,
      })),
    [endpoints.data],
  );
  const writer = user ? canWriteConfig(user) : false;
  const columns = useMemo<DataTableColumn<AssignmentRow>[]>(
    () => [
      {
        key: 'name',
        header: 'Endpoint',
        render: (r) => (
          <Text size="sm" fw={600}>
            {r.name}
          </Text>
        ),
      },
      { key: 'user', header: 'User' },
      { key: 'os', header: 'OS' },
      { key: 'profile', header: 'Profile' },
      { key: 'config_sync', header: 'Configuration', render: (r) => <ConfigSyncBadge state={r.config_sync} /> },
      { key: 'last_seen', header: 'Last seen', type: 'date' },
      ...(writer
        ? [
            {
              key: 'assign',
              header: 'Actions',
              sortable: false,
              render: (r: AssignmentRow) => (
                <Button size="compact-xs" variant="light" aria-label={`Assign a profile to ${r.name}`} onClick={() => setAssigning(r)}>
                  Assign profile
                </Button>
              ),
            },
          ]
        : []),
    ],
    [writer],
  );
  if (!user) return null;
  const close = () => setAssigning(null);
  const failed = endpoints.isError || profiles.isError;

  return (
    <>
      <ConfigPageHeader
        title="Endpoint profile assignments"
        subtitle="The profile each enrolled endpoint gets, and whether it runs it yet"
        onRefresh={() => void Promise.all([endpoints.refetch(), profiles.refetch()])}
        refreshing={endpoints.isFetching}
        actions={
          <Button component={Link} to={paths.ztna.profiles} variant="default" leftSection={<IconShieldLock size={16} />}>
            Endpoint Profiles
          </Button>
        }
      />
      <Paper withBorder p="md">
        {failed ? (
          <ErrorPanel onRetry={() => void Promise.all([endpoints.refetch(), profiles.refetch()])} />
        ) : (
          <DataTable
            label="Endpoint profile assignments"
            columns={columns}
            rows={rows}
            loading={endpoints.isLoading}
            timezone={user.timezone}
            options={{ search: true, sort: true, paging: true, download: true }}
            csv={{
              title: 'endpoint-profiles',
              titles: ['Endpoint', 'User', 'OS', 'Profile', 'Configuration', 'Last seen'],
              keys: ['name', 'user', 'os', 'profile', 'config_sync', 'last_seen'],
            }}
            emptyState={<EmptyState title="No enrolled endpoints yet" description="Clients appear here once they enrol (Organization › Onboarding)." />}
          />
        )}
      </Paper>
      <NamedModal opened={assigning !== null} onClose={close} centered name="Assign profile">
        {assigning && (
          <>
            <ModalHeader title={`Assign a profile to ${assigning.name}`} subtitle={`Now: ${assigning.profile}`} onClose={close} />
            <AssignProfileForm endpoint={assigning} profiles={profiles.data ?? []} onDone={close} />
          </>
        )}
      </NamedModal>
    </>
  );
}
