import { useState } from 'react';
import { Stack, Text, TextInput, Textarea } from '@mantine/core';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { useFormSubmit } from '@/lib/use-form-submit';
import { groupFormSchema, type GroupForm as GroupFormValues } from '@/features/teams/api/save-group';

export interface GroupFormProps {
  initial?: { name: string; description: string };
  onSubmit: (v: GroupFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** Name and description of a group; the same form creates and renames. */
export function GroupForm({ initial, onSubmit, onCancel }: GroupFormProps) {
  const start = initial ?? { name: '', description: '' };
  const [values, setValues] = useState(start);

  const { errors, formError, busy, submit } = useFormSubmit(groupFormSchema, onSubmit);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(values);
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          label="Group name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
        />
        <Textarea
          label="Description"
          value={values.description}
          error={errors.description}
          onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
        />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={initial ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onCancel} onReset={() => setValues(start)} />
    </form>
  );
}
