import { useState } from 'react';
import { Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { enrolmentKeyInputSchema, type EnrolmentKeyInput } from '@netloom/domain';
import type { z } from 'zod';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { MultiSelectField, SelectField, type SelectOption } from '@/components/inputs/select-field';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCreateEnrolmentKey } from '@/features/ztna-onboarding/api/create-enrolment-key';
import type { createdEnrolmentKeySchema } from '@netloom/domain';
import { fieldError } from './field-error';

export type CreatedKey = z.infer<typeof createdEnrolmentKeySchema>;

const DAY_MS = 86_400_000;
const EXPIRY: SelectOption[] = [
  { value: 'never', label: 'Never' },
  { value: '1', label: 'In 1 day' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
];

interface KeyFormValues {
  name: string;
  reusable: boolean;
  usage_limit: number | null;
  expiry: string;
  security_groups: string[];
  auto_approve: boolean;
}

/** The request a form's values make: the expiry choice becomes a moment, a single-use key has no limit of its own. */
const inputOf = (v: KeyFormValues): EnrolmentKeyInput => ({
  name: v.name,
  reusable: v.reusable,
  usage_limit: v.reusable ? v.usage_limit : null,
  expires_at: v.expiry === 'never' ? null : new Date(Date.now() + Number(v.expiry) * DAY_MS).toISOString(),
  security_groups: v.security_groups,
  auto_approve: v.auto_approve,
});

/** Creates an enrolment key; the created key (shown once) goes to `onCreated`. */
export function EnrolmentKeyForm({
  securityGroups,
  onCreated,
  onCancel,
}: {
  securityGroups: SelectOption[];
  onCreated: (k: CreatedKey) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<KeyFormValues>({ name: '', reusable: false, usage_limit: null, expiry: '7', security_groups: [], auto_approve: true });
  const create = useCreateEnrolmentKey();
  const { errors, formError, busy, submit } = useFormSubmit(enrolmentKeyInputSchema, async (checked) => onCreated(await create.mutateAsync(checked)));
  const patch = (p: Partial<KeyFormValues>) => setValues((v) => ({ ...v, ...p }));
  return (
    <form
      aria-label="Create enrolment key"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(inputOf(values));
      }}
    >
      <Stack gap="sm">
        <TextInput label="Key name" required value={values.name} error={fieldError(errors, 'name')} onChange={(e) => patch({ name: e.currentTarget.value })} />
        <Switch
          label="Reusable"
          description="Off: the key enrols one client. On: many, up to the limit"
          checked={values.reusable}
          onChange={(e) => patch({ reusable: e.currentTarget.checked })}
        />
        <Group grow align="flex-start">
          {values.reusable && (
            <NumberInput
              label="Usage limit"
              description="Empty: no limit"
              min={1}
              max={100_000}
              allowDecimal={false}
              value={values.usage_limit ?? ''}
              onChange={(v) => patch({ usage_limit: v === '' ? null : Number(v) })}
              error={fieldError(errors, 'usage_limit')}
            />
          )}
          <SelectField
            label="Expires"
            options={EXPIRY}
            value={values.expiry}
            allowDeselect={false}
            onChange={(expiry) => patch({ expiry: expiry ?? 'never' })}
            error={fieldError(errors, 'expires_at')}
          />
        </Group>
        <MultiSelectField
          label="Security groups"
          description="The groups a client enrolled with this key joins"
          placeholder="None"
          options={securityGroups}
          value={values.security_groups}
          onChange={(security_groups) => patch({ security_groups })}
          error={fieldError(errors, 'security_groups')}
        />
        <Switch
          label="Approve clients at once"
          description="Off: each client waits in Inventory › Approve"
          checked={values.auto_approve}
          onChange={(e) => patch({ auto_approve: e.currentTarget.checked })}
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
