import { webFilterPolicyInputSchema, type WebFilterAction, type WebFilterPolicy } from '@netloom/domain';
import { ScheduleFields } from '@/components/inputs/schedule-fields';
import { PolicyEditorFrame, PolicyEditorSection, type PolicyActionChoice } from '@/components/policies/policy-editor-frame';
import { usePolicyForm } from '@/components/policies/use-policy-form';
import { fieldError } from '@/lib/forms';
import { useSaveWebFilterPolicy } from '@/features/web-filter/api/save-web-filter-policy';
import { AppliesToFields } from './applies-to-fields';
import { emptyPolicy } from './policy-form-values';
import { PolicyRulesFields } from './policy-rules-fields';
import { usePolicyOptions } from './use-policy-options';

const ACTIONS: PolicyActionChoice<WebFilterAction>[] = [
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
  const options = usePolicyOptions();
  const save = useSaveWebFilterPolicy();
  const form = usePolicyForm({ policy, empty: emptyPolicy, schema: webFilterPolicyInputSchema, save: save.mutateAsync, onDone });
  const { values, patch, errors } = form;

  return (
    <PolicyEditorFrame
      label={policy ? 'Edit policy' : 'Create policy'}
      values={values}
      onChange={patch}
      actions={ACTIONS}
      errors={errors}
      formError={form.formError}
      busy={form.busy}
      editing={policy !== undefined}
      onSubmit={() => void form.submit(values)}
      onCancel={onDone}
      onReset={form.reset}
    >
      <PolicyEditorSection title="Applies to">
        <AppliesToFields
          value={values.applies_to}
          onChange={(a) => patch({ applies_to: a })}
          options={options.appliesTo}
          error={fieldError(errors, 'applies_to')}
        />
      </PolicyEditorSection>
      <PolicyEditorSection title="Rules">
        <PolicyRulesFields values={values} onChange={patch} categories={options.categories} applications={options.applications} errors={errors} />
      </PolicyEditorSection>
      <PolicyEditorSection title="Schedule">
        <ScheduleFields value={values.schedule} onChange={(s) => patch({ schedule: s })} error={fieldError(errors, 'schedule')} />
      </PolicyEditorSection>
    </PolicyEditorFrame>
  );
}
