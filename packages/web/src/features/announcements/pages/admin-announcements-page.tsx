import { useState } from 'react';
import { Badge, Button, Modal, Paper } from '@mantine/core';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { DATE_FORMATS, formatDate, type AdminAnnouncement } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useAdminAnnouncements, useCreateAnnouncement, useDeleteAnnouncement, useUpdateAnnouncement } from '../api/admin-announcements';
import { AnnouncementForm, type TenantOption } from '../components/announcement-form';

const STATE_COLORS: Record<AdminAnnouncement['state'], string> = { scheduled: 'blue', live: 'green', ended: 'gray' };
const STATE_LABELS: Record<AdminAnnouncement['state'], string> = { scheduled: 'Scheduled', live: 'Live', ended: 'Ended' };
const ITEM = 'Announcement';

const audienceText = (a: AdminAnnouncement) => (a.audience === 'all' ? 'All tenants' : a.tenants.map((t) => t.name).join(', '));

function columnsFor(timezone: string | null): DataTableColumn<AdminAnnouncement>[] {
  const when = (v: string | null) => (v ? formatDate(v, { timezone, format: DATE_FORMATS.lastSeen }) : 'Until withdrawn');
  return [
    { key: 'title', header: 'Title' },
    { key: 'audience', header: 'Audience', render: audienceText },
    { key: 'starts_at', header: 'Start', render: (a) => when(a.starts_at) },
    { key: 'ends_at', header: 'End', render: (a) => when(a.ends_at) },
    {
      key: 'state',
      header: 'State',
      render: (a) => (
        <Badge variant="light" color={STATE_COLORS[a.state]}>
          {STATE_LABELS[a.state]}
        </Badge>
      ),
    },
  ];
}

/**
 * Super Admin → Announcements: what tenants' users read on their Announcements page. Each one
 * goes to every tenant or to chosen ones, from its start until its end (or until deleted).
 */
export function AdminAnnouncementsPage({ tenants }: { tenants: TenantOption[] }) {
  const user = useCurrentUser();
  const list = useAdminAnnouncements();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const close = () => setEditing(null);
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      Add announcement
    </Button>
  );

  return (
    <>
      <PageHeader title="Announcements" subtitle="Notices shown to tenants' users on their Announcements page" actions={addButton} />
      <Paper withBorder p="md">
        {list.isError ? (
          <ErrorPanel onRetry={() => void list.refetch()} />
        ) : (
          <DataTable
            label="Announcements"
            columns={columnsFor(user?.timezone ?? null)}
            rows={list.data ?? []}
            loading={list.isLoading}
            options={{ search: true, sort: true }}
            onEdit={(a) => setEditing(a)}
            onDelete={(a) =>
              void remove.mutateAsync(a.id).then(
                () => toast.deleted(ITEM),
                () => toast.error(),
              )
            }
            emptyState={
              <EmptyState
                icon={<IconSpeakerphone size={32} stroke={1.5} />}
                title="No announcements yet"
                description="Post a notice to every tenant or to chosen ones, now or at a later time."
                action={addButton}
              />
            }
          />
        )}
      </Paper>
      <Modal opened={editing !== null} onClose={close} withCloseButton={false} centered size="lg">
        <ModalHeader title={editing === 'new' ? 'Add announcement' : 'Edit announcement'} onClose={close} />
        {editing !== null && (
          <AnnouncementForm
            announcement={editing === 'new' ? undefined : editing}
            tenants={tenants}
            onCancel={close}
            onSubmit={async (body) => {
              if (editing === 'new') {
                await create.mutateAsync(body);
                toast.success(ITEM);
              } else {
                await update.mutateAsync({ id: editing.id, body });
                toast.edited(ITEM);
              }
              close();
            }}
          />
        )}
      </Modal>
    </>
  );
}
