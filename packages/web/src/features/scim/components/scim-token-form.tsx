import { useState } from 'react';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { SCIM_ROLES, scimTokenCreateBodySchema, type ScimTokenCreated } from '@netloom/domain';
import { SelectField } from '@/components/inputs/select-field';
import { fieldError } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCreateScimToken } from '@/features/scim/api/create-scim-token';

const ROLE_OPTIONS = SCIM_ROLES.map((r) => ({ value: r, label: r === 'guest-user' ? 'Guest user' : r[0]!.toUpperCase() + r.slice(1) }));

/** Names a new token (after the provider that will hold it) and the role of the people it creates. */
export function ScimTokenForm({ onCreated }: { onCreated: (created: ScimTokenCreated) => void }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>('viewer');
  const create = useCreateScimToken();
  const { errors, formError, busy, submit } = useFormSubmit(scimTokenCreateBodySchema, async (checked) => {
    onCreated(await create.mutateAsync(checked));
    setName('');
  });
  return (
    <form
      aria-label="Create provisioning token"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ name, default_role: role });
      }}
    >
      {formError && (
        <Alert color="red" mb="sm">
          {formError}
        </Alert>
      )}
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Token name"
          placeholder="Okta, Microsoft Entra ID…"
          required
          value={name}
          error={fieldError(errors, 'name')}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <SelectField
          label="Role of new users"
          options={ROLE_OPTIONS}
          value={role}
          allowDeselect={false}
          onChange={(v) => setRole(v ?? 'viewer')}
          error={fieldError(errors, 'default_role')}
        />
        <Button type="submit" loading={busy} mt={25}>
          Create token
        </Button>
      </Group>
    </form>
  );
}
