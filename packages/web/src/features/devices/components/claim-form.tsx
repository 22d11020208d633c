import { useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { claimDeviceBodySchema, nameTakenBy, type ClaimDeviceBody, type NamedDevice } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { useFormSubmit } from '@/lib/use-form-submit';
import { NameReusedWarning } from '@/components/name-reused-warning';

export interface ClaimFormProps {
  kind: ClaimDeviceBody['kind'];
  onSubmit: (body: ClaimDeviceBody) => Promise<unknown>;
  onCancel: () => void;
  /** The devices the tenant already has: a name one of them carries is warned of, not refused. */
  devices?: readonly NamedDevice[];
}

/** Claim a device by its serial number (on its label): it is approved when it first connects. */
export function ClaimForm({ kind, onSubmit, onCancel, devices = [] }: ClaimFormProps) {
  const [v, setV] = useState({ serial: '', name: '' });
  const { errors, formError, busy, submit } = useFormSubmit(claimDeviceBodySchema, onSubmit);
  const taken = nameTakenBy(v.name, devices);
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
        <TextInput
          label="Name"
          required
          value={v.name}
          error={errors.name}
          description={taken.length > 0 && <NameReusedWarning serials={taken} />}
          // Under the field, where the eye is when the name is typed; the input is described by it.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
        />
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
