import { useState } from 'react';
import { Modal, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { WEBFILTER_RANGES, type WebFilterRange } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { useWebFilterUser } from '@/features/web-filter-analytics/api/get-webfilter-user';
import { BucketKeysTable } from './bucket-keys-table';
import { RANGE_LABELS } from './webfilter-charts';
import type { Bucket } from './webfilter-bars-option';

interface UserActivityDialogProps {
  /** The user to show; null keeps the dialog closed. */
  user: string | null;
  /** The window the user was picked in; the dialog can widen or narrow it. */
  range: WebFilterRange;
  onClose: () => void;
}

function Section({ title, keyHeader, buckets }: { title: string; keyHeader: string; buckets: readonly Bucket[] }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {buckets.length === 0 ? (
        <Text size="xs" c="dimmed">
          None in this window
        </Text>
      ) : (
        <BucketKeysTable label={title} keyHeader={keyHeader} buckets={buckets} />
      )}
    </Stack>
  );
}

// The summary names requests no user signed in for 'Unknown'; the server drills into those too.
const titleOf = (user: string) => (user === 'Unknown' ? 'Web activity without a signed-in user' : `Web activity of ${user}`);

/** One user's web activity (POST webfilter-global/webfilter-user/): top sites, blocked attempts, categories. */
export function UserActivityDialog({ user, range, onClose }: UserActivityDialogProps) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? titleOf(user) : ''} size="xl">
      {user !== null && <UserActivity key={user} user={user} initialRange={range} />}
    </Modal>
  );
}

function UserActivity({ user, initialRange }: { user: string; initialRange: WebFilterRange }) {
  const [range, setRange] = useState(initialRange);
  const activity = useWebFilterUser(user, range);
  return (
    <Stack gap="md" data-testid="webfilter-user-activity">
      <SegmentedControl
        aria-label="Time range"
        data={WEBFILTER_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
        value={range}
        onChange={(v) => setRange(v as WebFilterRange)}
      />
      {activity.isError ? (
        <ErrorPanel onRetry={() => void activity.refetch()} />
      ) : !activity.data ? (
        <Skeleton h={240} aria-label="Loading web activity" />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Section title="Top sites" keyHeader="Site" buckets={activity.data.top_sites.buckets} />
          <Section title="Blocked attempts" keyHeader="URL" buckets={activity.data.blocked.buckets} />
          <Section title="Categories" keyHeader="Category" buckets={activity.data.categories.buckets} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
