import type { ReactNode } from 'react';
import { Modal, type ModalRootProps } from '@mantine/core';

export interface NamedModalProps extends Omit<ModalRootProps, 'children' | 'title'> {
  /** The dialog's accessible name (the form dialogs draw their title with ModalHeader, not Mantine's). */
  name: string;
  children: ReactNode;
}

/** A Mantine modal without its own header whose dialog still has a name, so assistive tools and tests can find it. */
export function NamedModal({ name, children, ...rest }: NamedModalProps) {
  return (
    <Modal.Root {...rest}>
      <Modal.Overlay />
      <Modal.Content aria-label={name}>
        <Modal.Body pt="md">{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
