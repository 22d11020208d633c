import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TIMING } from '@netloom/domain';

export interface SnackOptions {
  id?: string;
  color?: 'red' | 'green' | 'yellow' | 'blue' | 'gray';
  autoClose?: number | false;
  action?: { label: string; onClick?: () => void };
}

/** The console's snackbar (spec 000 §2.18): one line, optional action, 3 s by default. */
export function snack(message: string, opts: SnackOptions = {}) {
  const id = opts.id ?? message;
  // The same message twice at once would stack identical toasts.
  notifications.hide(id);
  notifications.show({
    id,
    color: opts.color ?? 'blue',
    autoClose: opts.autoClose ?? TIMING.snackbarMs,
    withCloseButton: !opts.action,
    message: opts.action ? (
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            opts.action?.onClick?.();
            notifications.hide(id);
          }}
        >
          {opts.action.label}
        </Button>
      </Group>
    ) : (
      message
    ),
  });
}
