import { useState } from 'react';
import { Badge, Button, Code, Drawer, Group, Paper, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import {
  DATE_FORMATS,
  USER_QUERY_SOURCE_LABELS,
  USER_QUERY_STATUSES,
  USER_QUERY_STATUS_LABELS,
  formatDate,
  type UserQuery,
  type UserQueryStatus,
} from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useUpdateUserQuery, useUserQueries } from '../api/user-queries';

const STATUS_COLORS: Record<UserQueryStatus, string> = { new: 'blue', in_progress: 'yellow', answered: 'green', closed: 'gray' };
const statusOptions = USER_QUERY_STATUSES.map((s) => ({ value: s, label: USER_QUERY_STATUS_LABELS[s] }));

function columnsFor(timezone: string | null): DataTableColumn<UserQuery>[] {
  return [
    { key: 'created_at', header: 'Received', render: (q) => formatDate(q.created_at, { timezone, format: DATE_FORMATS.lastSeen }) },
    { key: 'name', header: 'From', render: (q) => `${q.name} <${q.email}>` },
    { key: 'company', header: 'Company', render: (q) => q.company ?? '' },
    { key: 'subject', header: 'Subject' },
    { key: 'source', header: 'Sent from', render: (q) => USER_QUERY_SOURCE_LABELS[q.source] },
    {
      key: 'status',
      header: 'Status',
      render: (q) => (
        <Badge variant="light" color={STATUS_COLORS[q.status]}>
          {USER_QUERY_STATUS_LABELS[q.status]}
        </Badge>
      ),
    },
  ];
}

/** One question whole (its message and what the crash page knew), with its status and the provider's note to change. */
function QueryDetails({ query, onClose }: { query: UserQuery; onClose: () => void }) {
  const update = useUpdateUserQuery();
  const [status, setStatus] = useState<UserQueryStatus>(query.status);
  const [note, setNote] = useState(query.note);
  const changed = status !== query.status || note !== query.note;
  const save = () =>
    update.mutateAsync({ id: query.id, change: { status, note } }).then(
      () => {
        toast.edited('Query');
        onClose();
      },
      () => toast.error(),
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {query.name} &lt;{query.email}&gt;{query.company ? `, ${query.company}` : ''} · {USER_QUERY_SOURCE_LABELS[query.source]}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{query.message}</Text>
      {query.context && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            What the console knew
          </Text>
          {query.context.path && <Text size="sm">Page: {query.context.path}</Text>}
          {query.context.console_version && <Text size="sm">Console build: {query.context.console_version}</Text>}
          {query.context.browser && <Text size="sm">Browser: {query.context.browser}</Text>}
          {query.context.error && (
            <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
              {query.context.error}
            </Code>
          )}
        </Stack>
      )}
      <Select label="Status" data={statusOptions} value={status} allowDeselect={false} onChange={(v) => v && setStatus(v as UserQueryStatus)} />
      <Textarea label="Note" description="Only super admins see it" autosize minRows={3} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={update.isPending} disabled={!changed}>
          Save changes
        </Button>
      </Group>
    </Stack>
  );
}

/** Super Admin → User Queries: questions from the free trial, sign-up and login pages and the crash page, worked down by status. */
export function UserQueriesPage() {
  const user = useCurrentUser();
  const [status, setStatus] = useState<UserQueryStatus | 'all'>('all');
  const list = useUserQueries(status === 'all' ? {} : { status });
  const [open, setOpen] = useState<UserQuery | null>(null);

  return (
    <>
      <PageHeader title="User Queries" subtitle="Questions people sent from the public pages and the crash page" />
      <Paper withBorder p="md">
        <SegmentedControl
          mb="sm"
          aria-label="Status"
          value={status}
          onChange={(v) => setStatus(v as UserQueryStatus | 'all')}
          data={[{ value: 'all', label: 'All' }, ...statusOptions]}
        />
        {list.isError ? (
          <ErrorPanel onRetry={() => void list.refetch()} />
        ) : (
          <DataTable
            label="User queries"
            columns={columnsFor(user?.timezone ?? null)}
            rows={list.data ?? []}
            loading={list.isLoading}
            options={{ search: true, sort: true }}
            onView={(q) => setOpen(q)}
            emptyState={
              <EmptyState icon={<IconMessageQuestion size={32} stroke={1.5} />} title="No queries" description="Questions people send will show here." />
            }
          />
        )}
      </Paper>
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" size="lg" title={open?.subject ?? ''}>
        {open && <QueryDetails key={open.id} query={open} onClose={() => setOpen(null)} />}
      </Drawer>
    </>
  );
}
