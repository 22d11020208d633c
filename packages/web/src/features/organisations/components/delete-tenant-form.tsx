import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { TEAM_MESSAGES, type Tenant } from '@netloom/domain';
import { formErrorMessage } from '@/lib/forms';

export interface DeleteTenantFormProps {
  tenant: Tenant;
  onDelete: (confirm: string) => Promise<unknown>;
  onCancel: () => void;
}

/** Deleting a tenant removes everything in it: the super admin types its name to confirm. */
export function DeleteTenantForm({ tenant, onDelete, onCancel }: DeleteTenantFormProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = typed === tenant.tenantname;

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await onDelete(typed);
    } catch (e) {
      setError(formErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        This deletes <b>{tenant.tenantname}</b> with its users, devices, settings and logs. It cannot be undone.
      </Text>
      <TextInput
        label={`Type ${tenant.tenantname} to confirm`}
        value={typed}
        error={typed && !matches ? TEAM_MESSAGES.confirmName : error}
        onChange={(e) => setTyped(e.currentTarget.value)}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" disabled={!matches} loading={busy} onClick={() => void run()}>
          Delete tenant
        </Button>
      </Group>
    </Stack>
  );
}
