import { useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { useFormSubmit } from '@/lib/use-form-submit';
import { networkFormSchema, type NetworkForm as NetworkFormValues } from '@/features/devices/api/create-network';

export interface NetworkFormProps {
  onSubmit: (v: NetworkFormValues) => Promise<unknown>;
  onCancel: () => void;
  /** Renaming: the current name, and Save changes instead of Add. */
  initialName?: string;
}

/** Name of a device group, new or renamed; the server's 'already exists' shows under the field. */
export function NetworkForm({ onSubmit, onCancel, initialName }: NetworkFormProps) {
  const [name, setName] = useState(initialName ?? '');
  const { errors, formError, busy, submit } = useFormSubmit(networkFormSchema, onSubmit);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ name });
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label="Device group name" required data-autofocus value={name} error={errors.name} onChange={(e) => setName(e.currentTarget.value)} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter
        mode={initialName === undefined ? 'add' : 'edit'}
        submitType="submit"
        loading={busy}
        onCancel={onCancel}
        onReset={() => setName(initialName ?? '')}
      />
    </form>
  );
}
