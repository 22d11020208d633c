import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

/** Error panel of spec 001 §2: shown where a screen's data could not be loaded. */
export function ErrorPanel({ withRefresh = true, onRetry }: { withRefresh?: boolean; onRetry?: () => void }) {
  return (
    <Stack align="center" gap={6} py={48} ta="center" role="alert">
      <ThemeIcon size={56} radius="xl" variant="light" color="red">
        <IconPlugConnectedX size={28} stroke={1.5} />
      </ThemeIcon>
      <Title order={4} mt="xs">
        Oops! Something wrong
      </Title>
      <Text size="sm">There was a problem connecting to server</Text>
      <Text size="sm" c="dimmed">
        Please refresh the page or check your connection
      </Text>
      {withRefresh && (
        <Anchor component="button" size="sm" onClick={() => (onRetry ? onRetry() : window.location.reload())}>
          Refresh
        </Anchor>
      )}
    </Stack>
  );
}
