import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { Group, TeamUser } from '@netloom/domain';
import { MultiSelectField } from '@/components/inputs/select-field';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { formErrorMessage } from '@/lib/forms';

export interface GroupMembersFormProps {
  group: Group;
  users: readonly TeamUser[];
  onSubmit: (userIds: string[]) => Promise<unknown>;
  onCancel: () => void;
}

/** Adds and removes members: the chosen list replaces the group's members. */
export function GroupMembersForm({ group, users, onSubmit, onCancel }: GroupMembersFormProps) {
  const initial = group.members.map((m) => m.id);
  const [ids, setIds] = useState<string[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = users.map((u) => ({ value: u.id, label: u.email }));

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit(ids);
    } catch (e) {
      setError(formErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <MultiSelectField label="Members" placeholder="Choose users" options={options} value={ids} onChange={setIds} selectAll clearable />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <ModalFooter mode="edit" loading={busy} onSubmit={() => void save()} onCancel={onCancel} onReset={() => setIds(initial)} />
    </Stack>
  );
}
