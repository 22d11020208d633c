import { useEffect, useState } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { DATE_FORMATS, formatDate, type Announcement } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { TableSkeleton } from '@/components/feedback/skeletons';
import { useCurrentUser } from '@/lib/session/session-store';
import { useAnnouncements, useMarkAnnouncementsRead } from '../api/get-announcements';

const SHOWN = DATE_FORMATS.lastSeen;

/**
 * The Announcements page: what the provider has posted for this tenant, newest first. Opening it
 * reads them; those that were unread keep their 'New' mark for this visit, so the reader sees
 * what came in since last time.
 */
export function AnnouncementsPage() {
  const user = useCurrentUser();
  const list = useAnnouncements();
  const markRead = useMarkAnnouncementsRead();
  const [seenUnread, setSeenUnread] = useState<ReadonlySet<string>>(new Set());
  const unreadIds = (list.data?.announcements ?? []).filter((a) => !a.read).map((a) => a.id);
  const unreadKey = unreadIds.join(',');

  useEffect(() => {
    if (!unreadKey) return;
    const ids = unreadKey.split(',');
    setSeenUnread((s) => new Set([...s, ...ids]));
    markRead.mutate(ids);
    // Once per new set of unread ones; the mutation object changes every render.
  }, [unreadKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const items = list.data?.announcements ?? [];
  return (
    <>
      <PageHeader title="Announcements" subtitle="News and notices from your provider" />
      {list.isError ? (
        <ErrorPanel onRetry={() => void list.refetch()} />
      ) : list.isLoading ? (
        <TableSkeleton />
      ) : items.length === 0 ? (
        <Paper withBorder>
          <EmptyState icon={<IconSpeakerphone size={32} stroke={1.5} />} title="No New Announcements yet!" />
        </Paper>
      ) : (
        <Stack gap="md" role="list" aria-label="Announcements">
          {items.map((a) => (
            <AnnouncementCard key={a.id} announcement={a} isNew={!a.read || seenUnread.has(a.id)} timezone={user?.timezone ?? null} />
          ))}
        </Stack>
      )}
    </>
  );
}

function AnnouncementCard({ announcement: a, isNew, timezone }: { announcement: Announcement; isNew: boolean; timezone: string | null }) {
  return (
    <Paper withBorder p="md" role="listitem" aria-label={a.title} style={isNew ? { borderLeft: '4px solid var(--mantine-color-blue-6)' } : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
        <Title order={3} fz="lg" fw={600}>
          {a.title}
        </Title>
        {isNew && (
          <Badge color="blue" variant="filled" size="sm">
            New
          </Badge>
        )}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {a.body}
      </Text>
      <Text size="xs" c="dimmed" mt="sm">
        {a.ends_at
          ? `From ${formatDate(a.starts_at, { timezone, format: SHOWN })} until ${formatDate(a.ends_at, { timezone, format: SHOWN })}`
          : `Since ${formatDate(a.starts_at, { timezone, format: SHOWN })}`}
      </Text>
    </Paper>
  );
}
