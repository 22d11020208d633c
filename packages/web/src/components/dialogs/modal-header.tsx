import type { ReactNode } from 'react';
import { CloseButton, Group, Text } from '@mantine/core';

export interface ModalHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  onClose?: () => void;
  /** The close button waits for a running request like the footer's buttons. */
  loading?: boolean;
}

/** Header for the console's form dialogs (opened with withCloseButton={false} and no title). */
export function ModalHeader({ title, subtitle, onClose, loading = false }: ModalHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" pb="sm" mb="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <div>
        <Text fw={600} size="lg" component="h2" m={0}>
          {title}
        </Text>
        {subtitle && (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        )}
      </div>
      {onClose && <CloseButton aria-label="Close" onClick={onClose} disabled={loading} />}
    </Group>
  );
}
