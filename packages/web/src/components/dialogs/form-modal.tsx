import type { ReactNode } from 'react';
import { NamedModal } from './named-modal';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's accessible name (its visible title is the form's own header). */
  label: string;
  size?: string;
  children: ReactNode;
}

/** A form dialog named for assistive technology and tests, with the console's own header inside: wide and centred, as the editors are. */
export function FormModal({ opened, onClose, label, size = 'xl', children }: FormModalProps) {
  return (
    <NamedModal name={label} opened={opened} onClose={onClose} size={size} centered>
      {children}
    </NamedModal>
  );
}
