import { useCallback, useState } from 'react';
import { Divider, SegmentedControl, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { NO_POSTURE_CONDITIONS, ztnaPolicyInputSchema, type ZtnaPolicy, type ZtnaPolicyAction } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { ScheduleFields } from '@/components/inputs/schedule-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSaveZtnaPolicy } from '@/features/ztna-policies/api/save-ztna-policy';
import { DestinationsFields } from './destinations-fields';
import { fullPathErrors } from './full-path-errors';
import { emptyPolicy, fieldError, formValuesOf, type PolicyFormValues } from './policy-form-values';
import { PostureFields } from './posture-fields';
import { SourcesFields } from './sources-fields';
import { usePolicyOptions } from './use-policy-options';

const ACTIONS: { value: ZtnaPolicyAction; label: string; hint: string }[] = [
  { value: 'allow', label: 'Allow', hint: 'Connections it matches go through when the endpoint passes the posture conditions below.' },
  { value: 'deny', label: 'Deny', hint: 'Connections it matches are refused, whatever a later policy allows.' },
];

export interface PolicyEditorProps {
  /** The policy to edit; none: a new policy, placed last (just above the default deny). */
  policy?: ZtnaPolicy;
  onDone: () => void;
}

/** Creates or edits an access policy; checked with the server's own schema and messages. */
export function PolicyEditor({ policy, onDone }: PolicyEditorProps) {
  const start = policy ? formValuesOf(policy) : emptyPolicy();
  const [values, setValues] = useState<PolicyFormValues>(start);
  const options = usePolicyOptions();
  const save = useSaveZtnaPolicy();
  // An edit keeps the policy's place; a new one goes to the end.
  const { errors, setErrors, formError, busy, submit } = useFormSubmit(ztnaPolicyInputSchema, async (checked) => {
    await save.mutateAsync({ id: policy?.id, policy: policy ? { ...checked, order: policy.order } : checked });
    toast.success('Policy', policy ? 'edited' : 'added');
    onDone();
  });
  const patch = (p: Partial<PolicyFormValues>) => setValues((v) => ({ ...v, ...p }));
  // Stable setters let the heavy sections (hundreds of countries, time zones) skip the re-render of a keystroke elsewhere.
  const setSources = useCallback((sources: PolicyFormValues['sources']) => setValues((v) => ({ ...v, sources })), []);
  const setDestinations = useCallback((destinations: PolicyFormValues['destinations']) => setValues((v) => ({ ...v, destinations })), []);
  const setSchedule = useCallback((schedule: PolicyFormValues['schedule']) => setValues((v) => ({ ...v, schedule })), []);
  const setPosture = useCallback((posture: PolicyFormValues['posture']) => setValues((v) => ({ ...v, posture })), []);
  const onSubmit = () => {
    // Conditions ticked before switching to deny would sit in the policy unseen and unused.
    const sent = values.action === 'deny' ? { ...values, posture: NO_POSTURE_CONDITIONS } : values;
    const local = fullPathErrors(ztnaPolicyInputSchema, sent);
    if (local) return setErrors(local);
    void submit(sent);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-label={policy ? 'Edit access policy' : 'Create access policy'}
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
          <Text size="sm" fw={500} id="access-policy-action-label">
            Action
          </Text>
          <SegmentedControl
            aria-labelledby="access-policy-action-label"
            color={values.action === 'allow' ? 'green' : 'red'}
            data={ACTIONS.map(({ value, label }) => ({ value, label }))}
            value={values.action}
            onChange={(v) => patch({ action: v as ZtnaPolicyAction })}
          />
          <Text size="xs" c="dimmed">
            {ACTIONS.find((a) => a.value === values.action)?.hint}
          </Text>
        </Stack>
        <Divider />
        <Title order={4} fz="md">
          Sources
        </Title>
        <SourcesFields value={values.sources} onChange={setSources} options={options} error={fieldError(errors, 'sources')} />
        <Divider />
        <Title order={4} fz="md">
          Destinations
        </Title>
        <DestinationsFields value={values.destinations} onChange={setDestinations} options={options} error={fieldError(errors, 'destinations')} />
        <Divider />
        <Title order={4} fz="md">
          Schedule
        </Title>
        <ScheduleFields value={values.schedule} onChange={setSchedule} error={fieldError(errors, 'schedule')} />
        {/* A deny policy asks no posture: it refuses whatever the endpoint shows. */}
        {values.action === 'allow' && (
          <>
            <Divider />
            <Title order={4} fz="md">
              Posture conditions
            </Title>
            <PostureFields value={values.posture} onChange={setPosture} errors={errors} />
          </>
        )}
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
