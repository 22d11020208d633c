import { Button, Group } from '@mantine/core';
import { confirmReset } from './confirm';

export type ModalMode = 'add' | 'edit';

export interface ModalFooterProps {
  mode: ModalMode;
  /** A request is running: every button waits (spec 000 §4). */
  loading?: boolean;
  /** Called by Add / Save changes; pair it with a form's submit or call it directly. */
  onSubmit?: () => void;
  /** Called after the user confirmed 'Are you sure? Changes would Reset!'. */
  onReset?: () => void;
  onCancel?: () => void;
  /** E.g. nothing changed yet or the form is invalid. */
  submitDisabled?: boolean;
  /** Makes the primary button a form submit button instead of calling onSubmit on click. */
  submitType?: 'button' | 'submit';
}

/** Footer of add/edit dialogs: Add in add mode; Save changes and a confirmed Reset in edit mode. */
export function ModalFooter({ mode, loading = false, onSubmit, onReset, onCancel, submitDisabled = false, submitType = 'button' }: ModalFooterProps) {
  const reset = async () => {
    if (await confirmReset()) onReset?.();
  };
  return (
    <Group justify="flex-end" gap="sm" pt="md" mt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
      )}
      {mode === 'edit' && onReset && (
        <Button variant="light" color="gray" onClick={() => void reset()} disabled={loading}>
          Reset
        </Button>
      )}
      <Button type={submitType} onClick={submitType === 'button' ? onSubmit : undefined} loading={loading} disabled={submitDisabled || loading}>
        {mode === 'add' ? 'Add' : 'Save changes'}
      </Button>
    </Group>
  );
}
