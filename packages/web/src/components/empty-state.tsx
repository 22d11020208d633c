import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

/** The spec's empty-state panels ('Create your First Network', 'No Status Available'…). */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py={64} px="md" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray">
        {icon ?? <IconInbox size={32} stroke={1.5} />}
      </ThemeIcon>
      <Title order={3} fw={600}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm" maw={460}>
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
