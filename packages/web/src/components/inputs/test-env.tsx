import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../app/theme';

/**
 * Test-only wrapper. jsdom has no layout, so Mantine treats every popover target as scrolled out
 * of view and hides dropdowns unless its env is 'test' (which also turns transitions off).
 * Remove once test/render.tsx passes env="test" itself.
 */
export function TestEnv({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      {children}
    </MantineProvider>
  );
}
