import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** A panel's heading with its icon before it ('Test a URL', 'Who can reach what'). */
export function PanelTitle({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <Group gap="xs">
      {icon}
      <Title order={3} fz="md">
        {title}
      </Title>
    </Group>
  );
}
