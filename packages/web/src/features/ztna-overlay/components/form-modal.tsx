import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's accessible name (its visible title is the form's own header). */
  label: string;
  size?: string;
  children: ReactNode;
}

/** A form dialog named for assistive technology and tests, with the console's own header inside. */
export function FormModal({ opened, onClose, label, size = 'xl', children }: FormModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} centered>
      <Modal.Overlay />
      <Modal.Content aria-label={label}>
        <Modal.Body pt="md">{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
