import { Paper } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';

export function AnnouncementsPage() {
  return (
    <>
      <PageHeader title="Announcements" />
      <Paper withBorder>
        <EmptyState icon={<IconSpeakerphone size={32} stroke={1.5} />} title="No New Announcements yet!" />
      </Paper>
    </>
  );
}
