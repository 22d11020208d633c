import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';

/** One figure of the overview's row of tiles: its label, the figure, and what else it says. */
export function FigureTile({ label, children, note }: { label: string; children: ReactNode; note?: ReactNode }) {
  return (
    <Paper withBorder p="md" aria-label={label} role="group">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" fz={24} fw={700}>
        {children}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}
