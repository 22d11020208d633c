import { useState } from 'react';
import { Badge, Button, Paper, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { canWriteConfig, formatDate } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { FormModal } from '@/components/dialogs/form-modal';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDeleteThreatList } from '@/features/waf/api/delete-threat-list';
import { useThreatLists, type ThreatList } from '@/features/waf/api/get-threat-lists';
import { useCreateThreatList } from '@/features/waf/api/save-threat-list';
import { ThreatListForm } from '@/features/waf/components/threat-list-form';
import { useThreatListUsers } from '@/features/waf/hooks/use-list-users';

/** QShield › Organization › Threat Intel: address lists the policies refuse or challenge, uploaded or fetched from a feed. */
export function ThreatIntelPage() {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const timezone = user?.timezone ?? null;
  const lists = useThreatLists();
  const users = useThreatListUsers();
  const create = useCreateThreatList();
  const remove = useDeleteThreatList();
  const [adding, setAdding] = useState(false);
  const columns: DataTableColumn<ThreatList>[] = [
    { key: 'name', header: 'Name' },
    {
      key: 'action',
      header: 'Action',
      render: (l) => (
        <Badge variant="light" color={l.action === 'deny' ? 'red' : 'yellow'}>
          {l.action === 'deny' ? 'Deny' : 'Challenge'}
        </Badge>
      ),
    },
    { key: 'entries', header: 'Entries', rowAlign: 'right' },
    { key: 'rejected', header: 'Rejected', rowAlign: 'right' },
    { key: 'url', header: 'Source', render: (l) => (l.url ? `${l.url} (every ${l.refresh_hours} h)` : 'Uploaded') },
    {
      key: 'fetched_at',
      header: 'Fetched',
      render: (l) =>
        l.fetch_error ? (
          <Text size="sm" c="red">
            {l.fetch_error}
          </Text>
        ) : l.fetched_at ? (
          formatDate(l.fetched_at, { timezone })
        ) : (
          '—'
        ),
    },
    { key: 'used_by', header: 'Used by', render: (l) => users.get(l.id)?.join(', ') ?? 'No policy' },
  ];
  return (
    <>
      <PageHeader
        title="Threat Intel"
        subtitle="Address lists an application's policy refuses or challenges; choose them on the WAF Policy page"
        actions={
          writer && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Add list
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        {lists.isError ? (
          <ErrorPanel onRetry={() => void lists.refetch()} />
        ) : (
          <DataTable
            label="Threat-intel lists"
            columns={columns}
            rows={lists.data ?? []}
            loading={lists.isLoading}
            options={{ sort: true, search: true, download: false, paging: true }}
            onDelete={
              writer ? (l) => remove.mutate(l.id, { onSuccess: () => toast.deleted('List'), onError: (e) => toast.error(formErrorMessage(e)) }) : undefined
            }
            emptyState={<EmptyState title="No threat-intel list yet" description="Paste or upload addresses, or name a feed URL." />}
          />
        )}
      </Paper>
      <FormModal opened={adding} onClose={() => setAdding(false)} label="Add threat-intel list" size="lg">
        {adding && (
          <ThreatListForm
            onCancel={() => setAdding(false)}
            onSave={async (input) => {
              await create.mutateAsync(input);
              toast.success('List');
              setAdding(false);
            }}
          />
        )}
      </FormModal>
    </>
  );
}
