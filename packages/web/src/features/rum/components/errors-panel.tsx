import { useState } from 'react';
import { Badge, Code, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate, type RumErrors } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { useCurrentUser } from '@/lib/session/session-store';
import { useRumErrors, type RumPageQuery } from '@/features/rum/api/get-rum-analytics';
import { percent } from './vital-format';

type ErrorGroup = RumErrors['results'][number];

/** Whether a stack was mapped back to the sources through an uploaded source map. */
function ResolvedBadge({ group }: { group: ErrorGroup }) {
  if (!group.stack) return null;
  return group.resolved ? (
    <Badge variant="light" color="green">
      Resolved
    </Badge>
  ) : (
    <Badge variant="light" color="gray" title="No source map uploaded for this release and file">
      Minified
    </Badge>
  );
}

/** The window's error rate and its errors grouped by fingerprint, most frequent first; a group opens with its stack. */
export function ErrorsPanel({ query }: { query: RumPageQuery }) {
  const timezone = useCurrentUser()?.timezone ?? null;
  const errors = useRumErrors(query);
  const [open, setOpen] = useState<ErrorGroup | null>(null);
  const columns: DataTableColumn<ErrorGroup>[] = [
    { key: 'message', header: 'Error', width: '24rem', render: (e) => <Text size="sm">{`${e.kind}: ${e.message}`}</Text> },
    { key: 'count', header: 'Events' },
    { key: 'sessions', header: 'Sessions' },
    { key: 'pages', header: 'Pages' },
    { key: 'release', header: 'Release', render: (e) => e.release ?? '—' },
    { key: 'last_seen', header: 'Last seen', render: (e) => formatDate(e.last_seen, { timezone }) },
    { key: 'resolved', header: 'Stack', render: (e) => <ResolvedBadge group={e} /> },
  ];
  if (errors.isError) return <ErrorPanel onRetry={() => void errors.refetch()} />;
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md">
          Top errors
        </Title>
        <Text size="sm">
          Error rate: <b>{percent(errors.data?.error_rate)}</b> of page views
        </Text>
      </Group>
      <DataTable
        label="Top errors"
        columns={columns}
        rows={(errors.data?.results ?? []).map((e) => ({ ...e, id: e.fingerprint }))}
        loading={errors.isLoading}
        options={{ sort: true, search: true, paging: true }}
        onView={setOpen}
        emptyState={<EmptyState title="No errors in this window" description="JavaScript errors and unhandled rejections the pages report show here." />}
      />
      <NamedModal name={open ? `${open.kind}: ${open.message}` : 'Error'} opened={open !== null} onClose={() => setOpen(null)} size="xl" centered>
        {open && (
          <>
            <ModalHeader
              title={`${open.kind}: ${open.message}`}
              subtitle={`${open.count} events in ${open.sessions} sessions, first ${formatDate(open.first_seen, { timezone })}, last ${formatDate(open.last_seen, { timezone })}`}
              onClose={() => setOpen(null)}
            />
            <Stack gap="xs">
              <Group gap="xs">
                <ResolvedBadge group={open} />
                {open.release && <Text size="sm">Release {open.release}</Text>}
              </Group>
              {open.stack ? (
                <Code block aria-label="Stack trace" style={{ maxHeight: 420, overflow: 'auto' }}>
                  {open.stack}
                </Code>
              ) : (
                <Text c="dimmed">No stack was reported with this error.</Text>
              )}
            </Stack>
          </>
        )}
      </NamedModal>
    </>
  );
}
