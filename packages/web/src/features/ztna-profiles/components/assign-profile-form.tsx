import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { EndpointProfile } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { SelectField } from '@/components/inputs/select-field';
import { formErrorMessage } from '@/lib/forms';
import { useAssignEndpointProfile } from '@/features/ztna-profiles/api/assign-endpoint-profile';

export interface AssignProfileFormProps {
  endpoint: { id: string; name: string };
  profiles: readonly EndpointProfile[];
  onDone: () => void;
}

/** The profile named for an endpoint now: one listing it, else the default. */
const currentOf = (profiles: readonly EndpointProfile[], id: string) =>
  profiles.find((p) => p.assigned.endpoints.includes(id))?.id ?? profiles.find((p) => p.is_default)?.id ?? null;

/** Gives one endpoint a profile of its own (or back to the default). */
export function AssignProfileForm({ endpoint, profiles, onDone }: AssignProfileFormProps) {
  const [chosen, setChosen] = useState<string | null>(currentOf(profiles, endpoint.id));
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignEndpointProfile();
  const isDefault = profiles.find((p) => p.id === chosen)?.is_default ?? false;
  const submit = async () => {
    if (!chosen) return setError('Field is required');
    setError(null);
    try {
      await assign.mutateAsync({ profiles, endpointId: endpoint.id, profileId: chosen });
      toast.success('Profile assignment', 'edited');
      onDone();
    } catch (e) {
      setError(formErrorMessage(e));
    }
  };
  return (
    <form
      aria-label={`Assign a profile to ${endpoint.name}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <SelectField
          label="Profile"
          required
          options={profiles.map((p) => ({ value: p.id, label: p.is_default ? `${p.name} (default)` : p.name }))}
          value={chosen}
          onChange={setChosen}
          allowDeselect={false}
          error={error}
        />
        {isDefault && (
          <Text size="xs" c="dimmed">
            The endpoint gets its user's group profile if one is assigned, else the default.
          </Text>
        )}
      </Stack>
      <ModalFooter mode="edit" submitType="submit" loading={assign.isPending} onCancel={onDone} />
    </form>
  );
}
