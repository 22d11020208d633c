import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive answers (delete, reset). */
  danger?: boolean;
}

/** The Yes/No confirm dialog (spec 001 §2): resolves true on Yes, false on No or when dismissed. */
export function confirm({ title, message, confirmLabel = 'Yes', cancelLabel = 'No', danger = false }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    // Mantine also calls onClose after onConfirm; a promise settles once, so the first answer wins.
    modals.openConfirmModal({
      title: <Text fw={600}>{title}</Text>,
      centered: true,
      children: message ? <Text size="sm">{message}</Text> : null,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

const CONFIRM_TEXTS = {
  modify: 'are you sure to modify this?',
  modifyYes: 'Yes, Modify it!',
  reset: 'Are you sure? Changes would Reset!',
} as const;

/** The spec's toast-style question before changing a saved item. */
export const confirmModify = () => confirm({ title: CONFIRM_TEXTS.modify, confirmLabel: CONFIRM_TEXTS.modifyYes, cancelLabel: 'Cancel' });

/** Asked before the edit form's Reset throws the user's changes away. */
export const confirmReset = () => confirm({ title: 'Reset', message: CONFIRM_TEXTS.reset, confirmLabel: 'Yes', cancelLabel: 'No', danger: true });
