import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

const NETWORK_ERROR_TEXT = 'Network Error, Unable to connect to server';

/** The retry panel of spec 000 §2.4: the list could not be fetched; Retry starts polling again. */
export function NetworkErrorPanel({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert color="red" variant="light" icon={<IconPlugConnectedX size={18} />} role="alert" data-testid="device-network-error">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{NETWORK_ERROR_TEXT}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
