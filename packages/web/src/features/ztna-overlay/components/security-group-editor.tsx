import { useState } from 'react';
import { SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { securityGroupInputSchema, SECURITY_GROUP_KINDS, type SecurityGroup, type SecurityGroupKind } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { ChipInput } from '@/components/inputs/chip-input';
import { MultiSelectField } from '@/components/inputs/select-field';
import { fullPathErrors, type FormErrors } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useZtnaEndpoints } from '@/features/ztna-overlay/api/get-ztna-endpoints';
import { useSaveSecurityGroup } from '@/features/ztna-overlay/api/save-security-group';
import { COUNTRY_OPTIONS, KIND_LABELS, OS_OPTIONS } from './overlay-labels';

type Values = Omit<SecurityGroup, 'id'>;

const empty = (): Values => ({ name: '', description: '', kind: 'both', users: [], endpoints: [], rule: null });
const valuesOf = ({ id: _id, ...values }: SecurityGroup): Values => values;
const fieldError = (errors: FormErrors, field: string) => errors[field] ?? Object.entries(errors).find(([k]) => k.startsWith(`${field}.`))?.[1];

/** A group of one kind holds no members of the other: what the form hides is not sent. */
const forKind = (v: Values): Values => ({
  ...v,
  users: v.kind === 'endpoints' ? [] : v.users,
  endpoints: v.kind === 'users' ? [] : v.endpoints,
});

export interface SecurityGroupEditorProps {
  group?: SecurityGroup;
  onDone: () => void;
}

/** Creates or edits a security group: static users and endpoints, and a rule that adds endpoints by OS and country. */
export function SecurityGroupEditor({ group, onDone }: SecurityGroupEditorProps) {
  const start = group ? valuesOf(group) : empty();
  const [values, setValues] = useState<Values>(start);
  const endpoints = useZtnaEndpoints();
  const save = useSaveSecurityGroup();
  const { errors, setErrors, formError, busy, submit } = useFormSubmit(securityGroupInputSchema, async (checked) => {
    await save.mutateAsync({ id: group?.id, group: checked });
    toast.success('Security group', group ? 'edited' : 'added');
    onDone();
  });
  const patch = (p: Partial<Values>) => setValues((v) => ({ ...v, ...p }));
  const onSubmit = () => {
    const sent = forKind(values);
    const local = fullPathErrors(securityGroupInputSchema, sent);
    if (local) return setErrors(local);
    void submit(sent);
  };
  const endpointOptions = (endpoints.data ?? []).map((d) => ({ value: d.id, label: d.user ? `${d.name} (${d.user})` : d.name }));
  const known = new Set(endpointOptions.map((o) => o.value));
  const options = [...endpointOptions, ...values.endpoints.filter((id) => !known.has(id)).map((id) => ({ value: id, label: 'Removed endpoint' }))];

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-label={group ? 'Edit security group' : 'Create security group'}
    >
      <Stack gap="sm">
        <TextInput label="Name" required value={values.name} error={fieldError(errors, 'name')} onChange={(e) => patch({ name: e.currentTarget.value })} />
        <Textarea
          label="Description"
          autosize
          minRows={1}
          value={values.description}
          error={fieldError(errors, 'description')}
          onChange={(e) => patch({ description: e.currentTarget.value })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="security-group-kind-label">
            Holds
          </Text>
          <SegmentedControl
            aria-labelledby="security-group-kind-label"
            data={SECURITY_GROUP_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            value={values.kind}
            onChange={(k) => patch({ kind: k as SecurityGroupKind })}
          />
        </Stack>
        {values.kind !== 'endpoints' && (
          <ChipInput
            type="email"
            label="Users"
            description="Their endpoints are in the group wherever they sign in"
            value={values.users}
            onChange={(users) => patch({ users })}
            error={fieldError(errors, 'users')}
          />
        )}
        {values.kind !== 'users' && (
          <MultiSelectField
            label="Endpoints"
            placeholder="Pick enrolled endpoints"
            options={options}
            value={values.endpoints}
            onChange={(list) => patch({ endpoints: list })}
            error={fieldError(errors, 'endpoints')}
            searchable
          />
        )}
        <Switch
          label="Add endpoints by rule"
          description="Every endpoint that reports one of these systems from one of these countries"
          checked={values.rule !== null}
          onChange={(e) => patch({ rule: e.currentTarget.checked ? { os: [], countries: [] } : null })}
        />
        {values.rule && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MultiSelectField
              label="Operating systems"
              placeholder="Any system"
              options={OS_OPTIONS}
              value={values.rule.os}
              onChange={(os) => values.rule && patch({ rule: { ...values.rule, os: os as typeof values.rule.os } })}
              error={fieldError(errors, 'rule')}
            />
            <MultiSelectField
              label="Countries"
              placeholder="Any country"
              options={COUNTRY_OPTIONS}
              value={values.rule.countries}
              onChange={(countries) => values.rule && patch({ rule: { ...values.rule, countries } })}
              searchable
            />
          </SimpleGrid>
        )}
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={group ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onDone} onReset={() => setValues(start)} />
    </form>
  );
}
