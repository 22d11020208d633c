import { Skeleton, Stack } from '@mantine/core';
import type { StatusSnapshot } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { InterfacesTable } from './interfaces-table';
import { SystemCards } from './system-summary';

interface SnapshotPart {
  snapshot: StatusSnapshot | null;
  at: string | null;
  waiting: boolean;
}

/** The overview: the box's identity and load on cards, then its interfaces; each part shows once it has reported. */
export function DeviceOverviewTab({ system, interfaces, timezone }: { system: SnapshotPart; interfaces: SnapshotPart; timezone: string | null }) {
  const box = system.snapshot?.kind === 'system' ? (system.snapshot.entries[0] ?? null) : null;
  const ifaces = interfaces.snapshot?.kind === 'interfaces' ? interfaces.snapshot.entries : [];
  if (!system.at && !interfaces.at && !system.waiting && !interfaces.waiting) {
    return <EmptyState title="No Status Available" description="The gateway has not reported its status yet. Refresh asks it again." />;
  }
  return (
    <Stack gap="md">
      {box ? <SystemCards system={box} /> : system.waiting && <Skeleton h={76} />}
      {interfaces.at ? <InterfacesTable entries={ifaces} timezone={timezone} /> : interfaces.waiting && <Skeleton h={160} />}
    </Stack>
  );
}
