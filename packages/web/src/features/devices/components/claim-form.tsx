import { useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { claimDeviceBodySchema, type ClaimDeviceBody } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { useFormSubmit } from '@/lib/use-form-submit';

export interface ClaimFormProps {
  kind: ClaimDeviceBody['kind'];
  onSubmit: (body: ClaimDeviceBody) => Promise<unknown>;
  onCancel: () => void;
}

/** Claim a device by its serial number (on its label): it is approved when it first connects. */
export function ClaimForm({ kind, onSubmit, onCancel }: ClaimFormProps) {
  const [v, setV] = useState({ serial: '', name: '' });
  const { errors, formError, busy, submit } = useFormSubmit(claimDeviceBodySchema, onSubmit);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ ...v, kind });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Serial number"
          required
          data-autofocus
          value={v.serial}
          error={errors.serial}
          onChange={(e) => setV({ ...v, serial: e.currentTarget.value })}
        />
        <TextInput label="Name" required value={v.name} error={errors.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode="add" submitType="submit" loading={busy} onCancel={onCancel} />
    </form>
  );
}
