import { useState } from 'react';
import { Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { iotSegmentInputSchema, type IotClass, type IotSegmentInput } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { FieldAlert } from '@/components/field-alert';
import { fieldError, validateForm } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import { CLASS_OPTIONS } from './iot-labels';
import { emptySegment, segmentFormErrors, segmentInput, type SegmentFormValues } from './segment-form-values';

export interface SegmentFormProps {
  devices: readonly { value: string; label: string }[];
  deviceId: string | null;
  onSave: (input: IotSegmentInput) => Promise<unknown>;
  onCancel: () => void;
}

function Choice({
  id,
  label,
  data,
  value,
  onChange,
}: {
  id: string;
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} data={data} value={value} onChange={onChange} />
    </Stack>
  );
}

/** A new segment: a device or a class fenced to its profile on its gateways, by firewall rules or a VLAN of its own. */
export function SegmentForm({ devices, deviceId, onSave, onCancel }: SegmentFormProps) {
  const initial = emptySegment(deviceId);
  const [v, setV] = useState<SegmentFormValues>(initial);
  const { errors, setErrors, formError, busy, submit } = useFormSubmit(iotSegmentInputSchema, onSave);
  const set = <K extends keyof SegmentFormValues>(key: K, value: SegmentFormValues[K]) => setV((p) => ({ ...p, [key]: value }));
  const num = (n: string | number): number | '' => (typeof n === 'number' ? n : n === '' ? '' : Number(n));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const own = segmentFormErrors(v);
        if (Object.keys(own).length) {
          const checked = validateForm(iotSegmentInputSchema, segmentInput(v));
          return setErrors({ ...('errors' in checked ? checked.errors : {}), ...own });
        }
        void submit(segmentInput(v));
      }}
    >
      <ModalHeader title="Add a segment" onClose={onCancel} loading={busy} />
      <Stack gap="sm">
        <Choice
          id="iot-segment-target"
          label="Fence"
          data={[
            { value: 'device', label: 'One device' },
            { value: 'class', label: 'A class of devices' },
          ]}
          value={v.target}
          onChange={(t) => set('target', t as SegmentFormValues['target'])}
        />
        {v.target === 'device' ? (
          <Select
            label="Device"
            placeholder={devices.length ? 'Choose a device' : 'No device discovered yet'}
            required
            searchable
            data={devices}
            value={v.device_id}
            onChange={(id) => set('device_id', id)}
            nothingFoundMessage="No Matching Result(s)."
            error={fieldError(errors, 'device_id')}
          />
        ) : (
          <Select
            label="Class"
            description="Its devices on each gateway: one segment per gateway"
            placeholder="Choose a class"
            required
            searchable
            data={CLASS_OPTIONS}
            value={v.class}
            onChange={(c) => set('class', c as IotClass | null)}
            error={fieldError(errors, 'class') ?? fieldError(errors, 'device_id')}
          />
        )}
        <TextInput
          label="Name"
          description="Lower-case letters, digits, - or _; the class's name or the device's MAC by default"
          value={v.key}
          onChange={(e) => set('key', e.currentTarget.value)}
          error={fieldError(errors, 'key')}
        />
        <Choice
          id="iot-segment-mode"
          label="How"
          data={[
            { value: 'firewall', label: 'Firewall rules' },
            { value: 'vlan', label: 'A VLAN of its own' },
          ]}
          value={v.mode}
          onChange={(m) => set('mode', m as SegmentFormValues['mode'])}
        />
        {v.mode === 'vlan' && (
          <Group grow align="flex-start">
            <TextInput
              label="Parent interface"
              required
              value={v.parent}
              onChange={(e) => set('parent', e.currentTarget.value)}
              error={fieldError(errors, 'vlan.parent')}
            />
            <NumberInput
              label="VLAN id"
              required
              min={2}
              max={4094}
              value={v.vlan_id}
              onChange={(n) => set('vlan_id', num(n))}
              error={fieldError(errors, 'vlan.vlan_id')}
            />
            <TextInput
              label="Gateway address"
              required
              placeholder="10.20.0.1"
              value={v.ip}
              onChange={(e) => set('ip', e.currentTarget.value)}
              error={fieldError(errors, 'vlan.ip')}
            />
            <NumberInput
              label="Prefix length"
              required
              min={8}
              value={v.prefix}
              onChange={(n) => set('prefix', num(n))}
              error={fieldError(errors, 'vlan.prefix')}
            />
          </Group>
        )}
        <Group grow align="flex-start">
          <Select
            label="Everything else"
            data={[
              { value: 'drop', label: 'Dropped silently' },
              { value: 'reject', label: 'Refused' },
            ]}
            value={v.deny}
            onChange={(d) => set('deny', (d ?? 'drop') as SegmentFormValues['deny'])}
            allowDeselect={false}
            error={fieldError(errors, 'deny')}
          />
          <TextInput
            label="WAN zone"
            description="External peers are allowed through this firewall zone only; any address when empty"
            value={v.external_zone}
            onChange={(e) => set('external_zone', e.currentTarget.value)}
            error={fieldError(errors, 'external_zone')}
          />
        </Group>
        <FieldAlert message={formError ?? errors.form} />
      </Stack>
      <ModalFooter mode="add" loading={busy} submitType="submit" onCancel={onCancel} onReset={() => setV(initial)} />
    </form>
  );
}
