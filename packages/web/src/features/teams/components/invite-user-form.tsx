import { useState } from 'react';
import { Stack, TextInput, Text, Group } from '@mantine/core';
import { assignableRoles, type Actor, type InviteBody, type Role } from '@netloom/domain';
import { SelectField } from '../../../components/inputs/select-field';
import { ModalFooter } from '../../../components/dialogs/modal-footer';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '../../../lib/forms';
import { inviteFormSchema } from '../api/invite-user';

export interface InviteUserFormProps {
  actor: Actor;
  onSubmit: (body: InviteBody) => Promise<unknown>;
  onCancel: () => void;
}

const EMPTY = { email: '', role: null as Role | null, first_name: '', last_name: '' };

/** Invite by e-mail with a role; only the roles the inviter may hand out are offered. */
export function InviteUserForm({ actor, onSubmit, onCancel }: InviteUserFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const roles = assignableRoles(actor).map((r) => ({ value: r, label: r }));
  const set = (patch: Partial<typeof EMPTY>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const checked = validateForm(inviteFormSchema, { ...values, role: values.role ?? undefined });
    if ('errors' in checked) {
      setErrors({ ...checked.errors, ...(values.role ? {} : { role: 'Field is required' }) });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(checked.data);
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setFormError(formErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
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
