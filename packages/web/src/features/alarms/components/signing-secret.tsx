import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { WEBHOOK_SIGNATURE_HEADER } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { toast } from '@/components/feedback/toast';
import { useRotateSecret } from '../api/channels';

/**
 * A webhook's signing secret, the one time the server answers it (on creation or rotation): the
 * receiver needs it to check each call's signature, and no later screen shows it again.
 */
export function SecretShownOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title="Shown once">
        Copy it into the receiver now: Netloom does not show it again. Lost, rotate it for a new one.
      </Alert>
      <Group gap="xs" wrap="nowrap">
        <Code block style={{ wordBreak: 'break-all', flex: 1 }} aria-label="Signing secret">
          {secret}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        Each call carries {WEBHOOK_SIGNATURE_HEADER}: sha256=HMAC-SHA256 of the raw body under this secret.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/** Rotating a webhook's secret, after a confirmation: the old one stops signing at once. */
export function RotateSecret({ channelId, onRotated }: { channelId: string; onRotated: (secret: string) => void }) {
  const rotate = useRotateSecret();
  const run = async () => {
    const sure = await confirm({
      title: 'Rotate the signing secret?',
      message: 'Calls are signed with the new secret from now on: the receiver refuses them until it has it.',
      confirmLabel: 'Rotate',
      danger: true,
    });
    if (!sure) return;
    await rotate.mutateAsync(channelId).then(
      (r) => onRotated(r.secret),
      () => toast.error(),
    );
  };
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm">Signing secret: shown once when made.</Text>
      <Button variant="default" size="xs" loading={rotate.isPending} onClick={() => void run()}>
        Rotate secret
      </Button>
    </Group>
  );
}
