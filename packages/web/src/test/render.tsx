import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { theme } from '@/app/theme';

function TestProviders({ children }: { children: ReactNode }) {
  return (
    // env="test": jsdom has no layout, and Mantine would hide every dropdown it cannot measure.
    <MantineProvider theme={theme} env="test">
      <DatesProvider settings={{ locale: 'en' }}>
        <ModalsProvider>
          <Notifications />
          {children}
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}

/** Renders with the console's providers and a user-event session, as a user would drive it. */
export function renderWithProviders(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return { user: userEvent.setup(), ...render(ui, { wrapper: TestProviders, ...options }) };
}
