import { useCallback } from 'react';
import { NO_POSTURE_CONDITIONS, ztnaPolicyInputSchema, type ZtnaPolicy, type ZtnaPolicyAction } from '@netloom/domain';
import { ScheduleFields } from '@/components/inputs/schedule-fields';
import { PolicyEditorFrame, PolicyEditorSection, type PolicyActionChoice } from '@/components/policies/policy-editor-frame';
import { usePolicyForm } from '@/components/policies/use-policy-form';
import { fieldError, fullPathErrors } from '@/lib/forms';
import { useSaveZtnaPolicy } from '@/features/ztna-policies/api/save-ztna-policy';
import { DestinationsFields } from './destinations-fields';
import { emptyPolicy, type PolicyFormValues } from './policy-form-values';
import { PostureFields } from './posture-fields';
import { SourcesFields } from './sources-fields';
import { usePolicyOptions } from './use-policy-options';

const ACTIONS: PolicyActionChoice<ZtnaPolicyAction>[] = [
  { value: 'allow', label: 'Allow', color: 'green', hint: 'Connections it matches go through when the endpoint passes the posture conditions below.' },
  { value: 'deny', label: 'Deny', color: 'red', hint: 'Connections it matches are refused, whatever a later policy allows.' },
];

export interface PolicyEditorProps {
  /** The policy to edit; none: a new policy, placed last (just above the default deny). */
  policy?: ZtnaPolicy;
  onDone: () => void;
}

/** Creates or edits an access policy; checked with the server's own schema and messages. */
export function PolicyEditor({ policy, onDone }: PolicyEditorProps) {
  const options = usePolicyOptions();
  const save = useSaveZtnaPolicy();
  const form = usePolicyForm({ policy, empty: emptyPolicy, schema: ztnaPolicyInputSchema, save: save.mutateAsync, onDone });
  const { values, setValues, errors } = form;
  // Stable setters let the heavy sections (hundreds of countries, time zones) skip the re-render of a keystroke elsewhere.
  const setSources = useCallback((sources: PolicyFormValues['sources']) => setValues((v) => ({ ...v, sources })), [setValues]);
  const setDestinations = useCallback((destinations: PolicyFormValues['destinations']) => setValues((v) => ({ ...v, destinations })), [setValues]);
  const setSchedule = useCallback((schedule: PolicyFormValues['schedule']) => setValues((v) => ({ ...v, schedule })), [setValues]);
  const setPosture = useCallback((posture: PolicyFormValues['posture']) => setValues((v) => ({ ...v, posture })), [setValues]);
  const onSubmit = () => {
    // Conditions ticked before switching to deny would sit in the policy unseen and unused.
    const sent = values.action === 'deny' ? { ...values, posture: NO_POSTURE_CONDITIONS } : values;
    const local = fullPathErrors(ztnaPolicyInputSchema, sent);
    if (local) return form.setErrors(local);
    void form.submit(sent);
  };

  return (
    <PolicyEditorFrame
      label={policy ? 'Edit access policy' : 'Create access policy'}
      values={values}
      onChange={form.patch}
      actions={ACTIONS}
      errors={errors}
      formError={form.formError}
      busy={form.busy}
      editing={policy !== undefined}
      onSubmit={onSubmit}
      onCancel={onDone}
      onReset={form.reset}
    >
      <PolicyEditorSection title="Sources">
        <SourcesFields value={values.sources} onChange={setSources} options={options} error={fieldError(errors, 'sources')} />
      </PolicyEditorSection>
      <PolicyEditorSection title="Destinations">
        <DestinationsFields value={values.destinations} onChange={setDestinations} options={options} error={fieldError(errors, 'destinations')} />
      </PolicyEditorSection>
      <PolicyEditorSection title="Schedule">
        <ScheduleFields value={values.schedule} onChange={setSchedule} error={fieldError(errors, 'schedule')} />
      </PolicyEditorSection>
      {/* A deny policy asks no posture: it refuses whatever the endpoint shows. */}
      {values.action === 'allow' && (
        <PolicyEditorSection title="Posture conditions">
          <PostureFields value={values.posture} onChange={setPosture} errors={errors} />
        </PolicyEditorSection>
      )}
    </PolicyEditorFrame>
  );
}
