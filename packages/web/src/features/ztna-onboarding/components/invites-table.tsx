import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import type { InviteRow } from '@/features/ztna-onboarding/api/get-invites';

/** Who was invited, by whom and when, and whether their client has enrolled. */
export function InvitesTable({ invites, loading, timezone }: { invites: readonly InviteRow[]; loading: boolean; timezone: string | null }) {
  const columns = useMemo<DataTableColumn<InviteRow>[]>(
    () => [
      { key: 'email', header: 'E-mail', width: '16rem' },
      { key: 'invited_by', header: 'Invited by' },
      { key: 'created_at', header: 'Invited', type: 'date' },
      {
        key: 'enrolled_device_id',
        header: 'Client',
        render: (i) => (
          <Badge variant="light" color={i.enrolled_device_id ? 'green' : 'yellow'}>
            {i.enrolled_device_id ? 'Enrolled' : 'Not enrolled yet'}
          </Badge>
        ),
      },
    ],
    [],
  );
  return (
    <DataTable
      label="Invites"
      columns={columns}
      rows={invites}
      loading={loading}
      timezone={timezone}
      options={{ search: true, sort: true, paging: true, download: false }}
      emptyState={<EmptyState title="No invites yet" description="Invite users by e-mail: each gets the client downloads and a key of their own." />}
    />
  );
}
