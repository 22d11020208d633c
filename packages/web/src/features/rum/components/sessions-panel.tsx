import { Text, Title } from '@mantine/core';
import { formatDate, type RumSessionDetail } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { useCurrentUser } from '@/lib/session/session-store';
import { useRumSessions, type RumPageQuery } from '@/features/rum/api/get-rum-analytics';

type Session = RumSessionDetail['session'];
/** The most recent sessions of the window; the filters narrow them further. */
const SESSIONS_SHOWN = 200;

function duration(s: Session): string {
  const secs = Math.max(0, Math.round((Date.parse(s.ended_at) - Date.parse(s.started_at)) / 1000));
  return secs < 60 ? `${secs} s` : `${Math.floor(secs / 60)} min ${secs % 60} s`;
}

/** The window's sessions, newest first: where they entered and left, their page views and errors; one opens its journey. */
export function SessionsPanel({ query, onOpen }: { query: RumPageQuery; onOpen: (sessionId: string) => void }) {
  const timezone = useCurrentUser()?.timezone ?? null;
  const sessions = useRumSessions(query, 1, SESSIONS_SHOWN);
  const columns: DataTableColumn<Session>[] = [
    { key: 'started_at', header: 'Started', render: (s) => formatDate(s.started_at, { timezone }) },
    { key: 'duration', header: 'Duration', render: duration, sortable: false },
    { key: 'entry_page', header: 'Entry page' },
    { key: 'exit_page', header: 'Exit page' },
    { key: 'page_views', header: 'Page views' },
    { key: 'errors', header: 'Errors' },
    { key: 'country', header: 'Country', render: (s) => s.country ?? '—' },
    { key: 'browser', header: 'Browser', render: (s) => `${s.browser} on ${s.os}` },
    { key: 'device_class', header: 'Device' },
  ];
  if (sessions.isError) return <ErrorPanel onRetry={() => void sessions.refetch()} />;
  const total = sessions.data?.count ?? 0;
  return (
    <>
      <Title order={2} fz="md" mb="xs">
        Sessions
      </Title>
      {total > SESSIONS_SHOWN && (
        <Text size="sm" c="dimmed" mb="xs">
          The {SESSIONS_SHOWN} most recent of {total.toLocaleString('en')} sessions: narrow the window or filter to see others.
        </Text>
      )}
      <DataTable
        label="Sessions"
        columns={columns}
        rows={sessions.data?.results ?? []}
        loading={sessions.isLoading}
        options={{ sort: true, search: true, paging: true }}
        onView={(s) => onOpen(s.id)}
        emptyState={<EmptyState title="No sessions in this window" description="Sessions appear once the site's pages send their first beacons." />}
      />
    </>
  );
}
