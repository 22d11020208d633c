import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAnnouncements } from '../api/get-announcements';
import { useAnnouncementSocket } from '../hooks/use-announcement-socket';

/**
 * The header's Announcements icon. A tenant's user sees how many are unread, kept live over the
 * socket; a super admin (no tenant of their own) is led to where announcements are posted.
 */
export function AnnouncementsButton({ to, tenantId }: { to: string; tenantId: string | null }) {
  const list = useAnnouncements(tenantId !== null);
  useAnnouncementSocket(tenantId);
  const unread = tenantId ? (list.data?.unread ?? 0) : 0;
  return (
    <Tooltip label="Announcements">
      <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red" disabled={unread === 0} offset={4}>
        <ActionIcon variant="subtle" color="gray" size="lg" component={Link} to={to} aria-label={unread ? `Announcements, ${unread} unread` : 'Announcements'}>
          <IconSpeakerphone size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
