import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TIMING } from '@netloom/domain';
import { queryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'en' }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="bottom-center" autoClose={TIMING.snackbarMs} limit={3} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
