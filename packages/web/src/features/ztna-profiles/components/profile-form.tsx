import { useState } from 'react';
import { Divider, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { endpointProfileInputSchema, PROFILE_KIND_LABELS, PROFILE_KINDS, type EndpointProfile, type ProfileKind } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { MultiSelectField } from '@/components/inputs/select-field';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSaveEndpointProfile } from '@/features/ztna-profiles/api/save-endpoint-profile';
import { fieldError } from './field-error';
import { emptyProfile, formValuesOf, type ProfileFormValues } from './profile-form-values';
import { ProfileNetworkFields } from './profile-network-fields';
import { useProfileOptions, withChosen } from './use-profile-options';

export interface ProfileFormProps {
  /** The profile to edit; none: a new one of `kind`. */
  profile?: EndpointProfile;
  kind?: ProfileKind;
  onDone: () => void;
}

/** Creates or edits an endpoint profile; checked with the server's own schema and messages. */
export function ProfileForm({ profile, kind, onDone }: ProfileFormProps) {
  const start = profile ? formValuesOf(profile) : emptyProfile(kind);
  const [values, setValues] = useState<ProfileFormValues>(start);
  const options = useProfileOptions();
  const save = useSaveEndpointProfile();
  const { errors, formError, busy, submit } = useFormSubmit(endpointProfileInputSchema, async (checked) => {
    await save.mutateAsync({ id: profile?.id, profile: checked });
    toast.success('Profile', profile ? 'edited' : 'added');
    onDone();
  });
  const patch = (p: Partial<ProfileFormValues>) => setValues((v) => ({ ...v, ...p }));
  // The default profile keeps its name and covers every endpoint nothing else is assigned to.
  const isDefault = profile?.is_default ?? false;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(values);
      }}
      noValidate
      aria-label={profile ? 'Edit profile' : 'Create profile'}
    >
      <Stack gap="sm">
        <TextInput
          label="Profile name"
          required
          disabled={isDefault}
          description={isDefault ? 'The default profile every new client gets keeps its name.' : undefined}
          value={values.name}
          error={fieldError(errors, 'name')}
          onChange={(e) => patch({ name: e.currentTarget.value })}
        />
        <Textarea
          label="Description"
          autosize
          minRows={1}
          value={values.description}
          error={fieldError(errors, 'description')}
          onChange={(e) => patch({ description: e.currentTarget.value })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="profile-kind-label">
            Kind
          </Text>
          <SegmentedControl
            aria-labelledby="profile-kind-label"
            data={PROFILE_KINDS.map((k) => ({ value: k, label: PROFILE_KIND_LABELS[k] }))}
            value={values.kind}
            onChange={(v) => patch({ kind: v as ProfileKind })}
          />
        </Stack>
        <MultiSelectField
          label="Overlay servers"
          description="Relays the client connects through, in this order; none: the nearest healthy one"
          placeholder="Nearest healthy relay"
          options={withChosen(options.relays, values.relays)}
          value={values.relays}
          onChange={(relays) => patch({ relays })}
          error={fieldError(errors, 'relays')}
        />
        <Switch
          label="Connect automatically"
          description="The client connects when the user signs in"
          checked={values.auto_connect}
          onChange={(e) => patch({ auto_connect: e.currentTarget.checked })}
        />
        <Divider />
        <Title order={4} fz="md">
          DNS and routes
        </Title>
        <ProfileNetworkFields
          dns={values.dns}
          split={values.split_tunnel}
          onDns={(dns) => patch({ dns })}
          onSplit={(split_tunnel) => patch({ split_tunnel })}
          dnsError={fieldError(errors, 'dns')}
          splitError={fieldError(errors, 'split_tunnel')}
        />
        <Divider />
        <Title order={4} fz="md">
          Resources
        </Title>
        <MultiSelectField
          label="Resources offered"
          description="None: every server the access policies allow"
          placeholder="Everything the policies allow"
          options={withChosen(options.servers, values.resources)}
          value={values.resources}
          onChange={(resources) => patch({ resources })}
          searchable
          error={fieldError(errors, 'resources')}
        />
        {!isDefault && (
          <>
            <Divider />
            <Title order={4} fz="md">
              Assigned to
            </Title>
            <Text size="xs" c="dimmed">
              An endpoint's own profile comes first, then one of its user's groups; everyone else gets the default profile.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MultiSelectField
                label="Endpoints"
                placeholder="Pick endpoints"
                options={withChosen(options.endpoints, values.assigned.endpoints)}
                value={values.assigned.endpoints}
                onChange={(endpoints) => patch({ assigned: { ...values.assigned, endpoints } })}
                searchable
              />
              <MultiSelectField
                label="Groups"
                placeholder="Pick groups"
                options={withChosen(options.groups, values.assigned.groups)}
                value={values.assigned.groups}
                onChange={(groups) => patch({ assigned: { ...values.assigned, groups } })}
                searchable
              />
            </SimpleGrid>
            {fieldError(errors, 'assigned') && (
              <Text size="sm" c="red" role="alert">
                {fieldError(errors, 'assigned')}
              </Text>
            )}
          </>
        )}
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={profile ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onDone} onReset={() => setValues(start)} />
    </form>
  );
}
