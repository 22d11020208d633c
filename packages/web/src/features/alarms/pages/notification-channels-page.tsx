import { useState } from 'react';
import { Button, Drawer, Modal, Paper, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ALARM_SEVERITY_LABELS, canManageTenant, type Channel } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { snack } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/session-store';
import { useAlarmDefaults, useSaveAlarmDefaults } from '../api/alarms';
import { useChannels, useCreateChannel, useDeleteChannel, useSendTest, useUpdateChannel } from '../api/channels';
import { AlarmDefaultsForm } from '../components/alarm-defaults-form';
import { ChannelForm } from '../components/channel-form';
import { DeliveryLog } from '../components/delivery-log';
import { RotateSecret, SecretShownOnce } from '../components/signing-secret';

type Row = Channel & { actionButtonName: string };
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name' },
  { key: 'kind', header: 'Kind', render: (c) => (c.kind === 'email' ? 'E-mail' : 'Webhook') },
  { key: 'target', header: 'Sent to' },
  { key: 'alarm_kinds', header: 'Alarms', render: (c) => (c.alarm_kinds.length ? c.alarm_kinds.join(', ') : 'All') },
  { key: 'states', header: 'States', render: (c) => (c.states.length ? c.states.join(', ') : 'Alerting, OK') },
  { key: 'min_severity', header: 'From severity', render: (c) => ALARM_SEVERITY_LABELS[c.min_severity] },
  { key: 'enabled', header: 'Enabled', render: (c) => (c.enabled ? 'Yes' : 'No') },
];

/**
 * System tools → Notifications (`organization/systemtools/globalNotification`): where alarms are
 * sent besides the bell. Owners and admins add e-mail and webhook channels, send a test and read
 * each channel's delivery log, and set the organisation's default thresholds of performance alarms.
 */
export function NotificationChannelsPage() {
  const user = useCurrentUser();
  const channels = useChannels();
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const remove = useDeleteChannel();
  const sendTest = useSendTest();
  const defaults = useAlarmDefaults();
  const saveDefaults = useSaveAlarmDefaults();
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const [logOf, setLogOf] = useState<Channel | null>(null);
  // A webhook's secret, the one time the server answers it (created, or rotated).
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  if (!user) return null;
  if (!canManageTenant(user))
    return <EmptyState title="Owners and admins only" description="Ask an owner or admin of the organisation to set up notifications." />;
  const close = () => setEditing(null);
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      Add channel
    </Button>
  );

  return (
    <>
      <PageHeader title="Notifications" subtitle="E-mail and webhooks that receive the alarms, besides the bell" actions={addButton} />
      <Paper withBorder p="md">
        {channels.isError ? (
          <ErrorPanel onRetry={() => void channels.refetch()} />
        ) : (
          <DataTable
            label="Notification channels"
            columns={columns}
            rows={(channels.data ?? []).map((c) => ({ ...c, actionButtonName: 'Send test' }))}
            loading={channels.isLoading}
            timezone={user.timezone}
            options={{ search: true, sort: true }}
            onView={(c) => setLogOf(c)}
            onEdit={(c) => setEditing(c)}
            onRowAction={(c) =>
              void sendTest.mutateAsync(c.id).then(
                () => {
                  snack('Test notification queued');
                  setLogOf(c);
                },
                () => toast.error(),
              )
            }
            onDelete={(c) =>
              void remove.mutateAsync(c.id).then(
                () => toast.deleted('Channel'),
                () => toast.error(),
              )
            }
            emptyState={
              <EmptyState
                title="No notification channels yet"
                description="Add an e-mail address or a webhook to hear about alarms outside the console."
                action={addButton}
              />
            }
          />
        )}
      </Paper>
      <Paper withBorder p="md" mt="md">
        <Title order={4} mb="xs">
          Default alarm thresholds
        </Title>
        {defaults.isError ? (
          <ErrorPanel onRetry={() => void defaults.refetch()} />
        ) : (
          defaults.data && (
            <AlarmDefaultsForm
              saved={defaults.data}
              onSave={async (body) => {
                await saveDefaults.mutateAsync(body);
                toast.edited('Alarm thresholds');
              }}
            />
          )
        )}
      </Paper>
      <Modal opened={editing !== null} onClose={close} withCloseButton={false} centered>
        <ModalHeader title={editing === 'new' ? 'Add channel' : 'Edit channel'} onClose={close} />
        {editing !== null && (
          <ChannelForm
            channel={editing === 'new' ? undefined : editing}
            onCancel={close}
            onSubmit={async (body) => {
              if (editing === 'new') {
                const created = await create.mutateAsync(body);
                toast.success('Channel');
                if (created.secret) setShown({ name: created.name, secret: created.secret });
              } else {
                await update.mutateAsync({ id: editing.id, body });
                toast.edited('Channel');
              }
              close();
            }}
          />
        )}
        {editing !== null && editing !== 'new' && editing.kind === 'webhook' && (
          <RotateSecret
            channelId={editing.id}
            onRotated={(secret) => {
              setShown({ name: editing.name, secret });
              close();
            }}
          />
        )}
      </Modal>
      <Modal opened={shown !== null} onClose={() => setShown(null)} withCloseButton={false} centered size="lg">
        <ModalHeader title={shown ? `Signing secret of ${shown.name}` : ''} onClose={() => setShown(null)} />
        {shown && <SecretShownOnce secret={shown.secret} onDone={() => setShown(null)} />}
      </Modal>
      <Drawer opened={logOf !== null} onClose={() => setLogOf(null)} position="right" size="xl" title={logOf ? `Deliveries of ${logOf.name}` : ''}>
        {logOf && <DeliveryLog channelId={logOf.id} timezone={user.timezone} />}
      </Drawer>
    </>
  );
}
