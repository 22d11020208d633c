import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

/** Title above a chart, drawn by Mantine so it matches the page's type rather than the canvas's. */
export function ChartFrame({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      {title && (
        <Text fw={600} size="sm">
          {title}
        </Text>
      )}
      {children}
    </Stack>
  );
}
