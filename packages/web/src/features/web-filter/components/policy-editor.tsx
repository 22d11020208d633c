import { useState } from 'react';
import { Divider, SegmentedControl, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { webFilterPolicyInputSchema, type WebFilterAction, type WebFilterPolicy } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { ScheduleFields } from '@/components/inputs/schedule-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSaveWebFilterPolicy } from '@/features/web-filter/api/save-web-filter-policy';
import { AppliesToFields } from './applies-to-fields';
import { emptyPolicy, fieldError, formValuesOf, type PolicyFormValues } from './policy-form-values';
import { PolicyRulesFields } from './policy-rules-fields';
import { usePolicyOptions } from './use-policy-options';

const ACTIONS: { value: WebFilterAction; label: string; hint: string }[] = [
  { value: 'block', label: 'Block', hint: 'Requests its rules match are blocked.' },
  { value: 'allow', label: 'Allow', hint: 'Requests its rules match go through: an exception above broader policies.' },
  { value: 'log', label: 'Log only', hint: 'Requests its rules match go through and are marked in the logs: watch before blocking.' },
];

export interface PolicyEditorProps {
  /** The policy to edit; none: a new policy, placed last. */
  policy?: WebFilterPolicy;
  onDone: () => void;
}

/** Creates or edits a web-filter policy; checked with the server's own schema and messages. */
export function PolicyEditor({ policy, onDone }: PolicyEditorProps) {
  const start = policy ? formValuesOf(policy) : emptyPolicy();
  const [values, setValues] = useState<PolicyFormValues>(start);
  const options = usePolicyOptions();
  const save = useSaveWebFilterPolicy();
  // An edit keeps the policy's place; a new one goes to the end.
  const { errors, formError, busy, submit } = useFormSubmit(webFilterPolicyInputSchema, async (checked) => {
    await save.mutateAsync({ id: policy?.id, policy: policy ? { ...checked, order: policy.order } : checked });
    toast.success('Policy', policy ? 'edited' : 'added');
    onDone();
  });
  const patch = (p: Partial<PolicyFormValues>) => setValues((v) => ({ ...v, ...p }));
  const hint = ACTIONS.find((a) => a.value === values.action)?.hint;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(values);
      }}
      noValidate
      aria-label={policy ? 'Edit policy' : 'Create policy'}
    >
      <Stack gap="sm">
        <TextInput
          label="Policy name"
          required
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
        <Switch label="Enabled" checked={values.enabled} onChange={(e) => patch({ enabled: e.currentTarget.checked })} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="policy-action-label">
            Action
          </Text>
          <SegmentedControl
            aria-labelledby="policy-action-label"
            data={ACTIONS.map(({ value, label }) => ({ value, label }))}
            value={values.action}
            onChange={(v) => patch({ action: v as WebFilterAction })}
          />
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <Divider />
        <Title order={4} fz="md">
          Applies to
        </Title>
        <AppliesToFields
          value={values.applies_to}
          onChange={(a) => patch({ applies_to: a })}
          options={options.appliesTo}
          error={fieldError(errors, 'applies_to')}
        />
        <Divider />
        <Title order={4} fz="md">
          Rules
        </Title>
        <PolicyRulesFields values={values} onChange={patch} categories={options.categories} applications={options.applications} errors={errors} />
        <Divider />
        <Title order={4} fz="md">
          Schedule
        </Title>
        <ScheduleFields value={values.schedule} onChange={(s) => patch({ schedule: s })} error={fieldError(errors, 'schedule')} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={policy ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onDone} onReset={() => setValues(start)} />
    </form>
  );
}
