import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { DeviceConfig } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { toast } from '@/components/feedback/toast';
import { useDiscardDraft, usePushDraft } from '@/features/device-config/api/device-config';

export interface DraftBarProps {
  deviceId: string;
  draft: NonNullable<DeviceConfig['draft']>;
  writer: boolean;
  onDone: () => void;
}

/** The unsaved-draft marker: edits kept aside, pushed together as one revision or discarded. */
export function DraftBar({ deviceId, draft, writer, onDone }: DraftBarProps) {
  const push = usePushDraft(deviceId);
  const discard = useDiscardDraft(deviceId);
  return (
    <Alert color="yellow" icon={<IconPencil size={18} />} title="Unsaved draft" data-testid="config-draft">
      <Group justify="space-between">
        <Text size="sm">Changes by {draft.author_email ?? 'someone'} are kept aside; the device runs the last revision until the draft is pushed.</Text>
        {writer && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              loading={discard.isPending}
              onClick={async () => {
                if (!(await confirm({ title: 'Discard the draft?', message: 'Its changes are thrown away.' }))) return;
                await discard.mutateAsync().then(onDone, () => toast.error());
              }}
            >
              Discard
            </Button>
            <Button
              size="xs"
              loading={push.isPending}
              onClick={() =>
                void push.mutateAsync(undefined).then(
                  () => (toast.info('Draft pushed'), onDone()),
                  () => toast.error(),
                )
              }
            >
              Push draft
            </Button>
          </Group>
        )}
      </Group>
    </Alert>
  );
}
