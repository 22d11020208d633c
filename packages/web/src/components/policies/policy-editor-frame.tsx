import { useId, type ReactNode } from 'react';
import { Divider, SegmentedControl, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { FieldAlert } from '@/components/field-alert';
import { fieldError, type FormErrors } from '@/lib/forms';

/** What every policy's editor asks first, whatever the policy decides. */
interface PolicyBasics<A extends string> {
  name: string;
  description: string;
  enabled: boolean;
  action: A;
}

/** One action a policy may take, with what it means; a colour tints the choice while it is chosen. */
export interface PolicyActionChoice<A extends string> {
  value: A;
  label: string;
  hint: string;
  color?: string;
}

export interface PolicyEditorFrameProps<A extends string> {
  /** The form's accessible name ('Create access policy'). */
  label: string;
  values: PolicyBasics<A>;
  onChange: (patch: Partial<PolicyBasics<A>>) => void;
  actions: readonly PolicyActionChoice<A>[];
  errors: FormErrors;
  /** The server's refusal, above the buttons. */
  formError: string | null;
  busy: boolean;
  /** An existing policy: Save changes and Reset instead of Add. */
  editing: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  onReset: () => void;
  /** The policy's own conditions, as PolicyEditorSection blocks. */
  children: ReactNode;
}

/** The editor of any ordered policy: name, description, enabled and action, then its conditions, then Cancel / Add or Save. */
export function PolicyEditorFrame<A extends string>({
  label,
  values,
  onChange,
  actions,
  errors,
  formError,
  busy,
  editing,
  onSubmit,
  onCancel,
  onReset,
  children,
}: PolicyEditorFrameProps<A>) {
  const actionLabelId = useId();
  const chosen = actions.find((a) => a.value === values.action);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-label={label}
    >
      <Stack gap="sm">
        <TextInput
          label="Policy name"
          required
          value={values.name}
          error={fieldError(errors, 'name')}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
        />
        <Textarea
          label="Description"
          autosize
          minRows={1}
          value={values.description}
          error={fieldError(errors, 'description')}
          onChange={(e) => onChange({ description: e.currentTarget.value })}
        />
        <Switch label="Enabled" checked={values.enabled} onChange={(e) => onChange({ enabled: e.currentTarget.checked })} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={actionLabelId}>
            Action
          </Text>
          <SegmentedControl
            aria-labelledby={actionLabelId}
            color={chosen?.color}
            data={actions.map(({ value, label: text }) => ({ value, label: text }))}
            value={values.action}
            onChange={(v) => onChange({ action: v as A })}
          />
          <Text size="xs" c="dimmed">
            {chosen?.hint}
          </Text>
        </Stack>
        {children}
        <FieldAlert message={formError} />
      </Stack>
      <ModalFooter mode={editing ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onCancel} onReset={onReset} />
    </form>
  );
}

/** One block of a policy's conditions under its own heading ('Applies to', 'Schedule'). */
export function PolicyEditorSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider />
      <Title order={4} fz="md">
        {title}
      </Title>
      {children}
    </>
  );
}
