import { useState } from 'react';
import { Stack, TextInput, Text, Group } from '@mantine/core';
import { assignableRoles, type Actor, type InviteBody, type Role } from '@netloom/domain';
import { SelectField } from '@/components/inputs/select-field';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { useFormSubmit } from '@/lib/use-form-submit';
import { inviteFormSchema } from '@/features/teams/api/invite-user';

export interface InviteUserFormProps {
  actor: Actor;
  onSubmit: (body: InviteBody) => Promise<unknown>;
  onCancel: () => void;
}

const EMPTY = { email: '', role: null as Role | null, first_name: '', last_name: '' };

/** Invite by e-mail with a role; only the roles the inviter may hand out are offered. */
export function InviteUserForm({ actor, onSubmit, onCancel }: InviteUserFormProps) {
  const [values, setValues] = useState(EMPTY);
  const roles = assignableRoles(actor).map((r) => ({ value: r, label: r }));
  const set = (patch: Partial<typeof EMPTY>) => setValues((v) => ({ ...v, ...patch }));

  const { errors, formError, busy, submit } = useFormSubmit(inviteFormSchema, onSubmit);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ ...values, role: values.role ?? undefined });
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label="Email" required value={values.email} error={errors.email} onChange={(e) => set({ email: e.currentTarget.value })} />
        <SelectField label="Role" required options={roles} value={values.role} error={errors.role} onChange={(v) => set({ role: v as Role | null })} />
        <Group grow>
          <TextInput label="First name" value={values.first_name} error={errors.first_name} onChange={(e) => set({ first_name: e.currentTarget.value })} />
          <TextInput label="Last name" value={values.last_name} error={errors.last_name} onChange={(e) => set({ last_name: e.currentTarget.value })} />
        </Group>
        <Text size="xs" c="dimmed">
          The user gets an e-mail with a link to choose a password and activate the account.
        </Text>
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
