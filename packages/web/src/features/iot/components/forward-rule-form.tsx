import { useState } from 'react';
import { Group, NumberInput, Stack, TextInput } from '@mantine/core';
import type { IotForwardRule } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { FieldAlert } from '@/components/field-alert';
import { fieldError } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import type { IotForwardRuleInput } from '@/features/iot/api/save-iot-forward-rule';
import { EMPTY_FORWARD_RULE, forwardRuleFormValues, forwardRuleInput, forwardRuleSchema, type ForwardRuleFormValues } from './forward-rule-form-values';

export interface ForwardRuleFormProps {
  rule: IotForwardRule | null;
  onSave: (input: IotForwardRuleInput) => Promise<unknown>;
  onCancel: () => void;
}

const num = (n: string | number): number | '' => (typeof n === 'number' ? n : n === '' ? '' : Number(n));

/** A forwarding rule: the MQTT topics it matches, the series their values go to, and where the number and the device are. */
export function ForwardRuleForm({ rule, onSave, onCancel }: ForwardRuleFormProps) {
  const initial = rule ? forwardRuleFormValues(rule) : EMPTY_FORWARD_RULE;
  const [v, setV] = useState<ForwardRuleFormValues>(initial);
  const { errors, formError, busy, submit } = useFormSubmit(forwardRuleSchema, onSave);
  const set = <K extends keyof ForwardRuleFormValues>(key: K, value: ForwardRuleFormValues[K]) => setV((p) => ({ ...p, [key]: value }));
  const title = rule ? `Edit the rule of ${rule.series}` : 'Add a forwarding rule';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(forwardRuleInput(v));
      }}
    >
      <ModalHeader title={title} onClose={onCancel} loading={busy} />
      <Stack gap="sm">
        <TextInput
          label="Topic filter"
          description="An MQTT topic filter, with + for one level and # for the rest: shellies/+/sensor/temperature"
          required
          value={v.filter}
          onChange={(e) => set('filter', e.currentTarget.value)}
          error={fieldError(errors, 'filter')}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Series"
            description="The graph the values go to: temperature"
            required
            value={v.series}
            onChange={(e) => set('series', e.currentTarget.value)}
            error={fieldError(errors, 'series')}
          />
          <TextInput
            label="Unit"
            description="°C, %, W…"
            value={v.unit}
            onChange={(e) => set('unit', e.currentTarget.value)}
            error={fieldError(errors, 'unit')}
          />
        </Group>
        <TextInput
          label="Value path"
          description="Where the number is in a JSON payload (ENERGY.Power); empty when the payload is the number"
          value={v.value_path}
          onChange={(e) => set('value_path', e.currentTarget.value)}
          error={fieldError(errors, 'value_path')}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Device level"
            description="Which + of the filter names the device (1 for the first); the publisher's MAC otherwise"
            min={1}
            max={16}
            value={v.device_wildcard}
            onChange={(n) => set('device_wildcard', num(n))}
            error={fieldError(errors, 'device_wildcard')}
          />
          <NumberInput
            label="Position"
            description="The first rule that matches a topic decides; the end of the list by default"
            min={1}
            value={v.position}
            onChange={(n) => set('position', num(n))}
            error={fieldError(errors, 'position')}
          />
        </Group>
        <FieldAlert message={formError ?? errors.form ?? errors.non_field_errors} />
      </Stack>
      <ModalFooter mode={rule ? 'edit' : 'add'} loading={busy} submitType="submit" onCancel={onCancel} onReset={() => setV(initial)} />
    </form>
  );
}
