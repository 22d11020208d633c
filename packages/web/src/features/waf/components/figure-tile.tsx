import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';

/** One figure of a QShield page's row of tiles: its label, the number, and what else it says. */
export function FigureTile({ label, value, color, children }: { label: string; value: number; color?: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700} c={color}>
        {value.toLocaleString()}
      </Text>
      {children}
    </Paper>
  );
}
