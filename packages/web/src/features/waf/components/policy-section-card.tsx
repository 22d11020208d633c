import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** One part of a policy page under its h2. */
export function PolicySectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
