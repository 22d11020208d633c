import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

/** The page's title is its one h1: screen readers list and jump to it, and sections under it start at h2. */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="nowrap">
      <Stack gap={2}>
        <Title order={1} fz={22} fw={650}>
          {title}
        </Title>
        {subtitle && (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        )}
      </Stack>
      {actions}
    </Group>
  );
}
