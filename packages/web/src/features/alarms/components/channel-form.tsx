import { useState } from 'react';
import { MultiSelect, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  ALARM_KINDS,
  ALARM_SEVERITIES,
  ALARM_SEVERITY_LABELS,
  ALARM_STATES,
  channelBodySchema,
  type AlarmKind,
  type AlarmSeverity,
  type AlarmState,
  type Channel,
  type ChannelKind,
} from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { useFormSubmit } from '@/lib/use-form-submit';

const KIND_LABELS: Record<AlarmKind, string> = {
  device: 'Device reachability',
  wan: 'WAN links',
  performance: 'Performance',
  ipsec: 'IPsec tunnels',
  dem: 'Digital experience',
};
const STATE_LABELS: Record<AlarmState, string> = { Alerting: 'Alerting', OK: 'Back to OK' };

interface Values {
  name: string;
  kind: ChannelKind;
  target: string;
  alarm_kinds: AlarmKind[];
  states: AlarmState[];
  min_severity: AlarmSeverity;
  enabled: boolean;
}

const valuesOf = (c?: Channel): Values => ({
  name: c?.name ?? '',
  kind: c?.kind ?? 'email',
  target: c?.target ?? '',
  alarm_kinds: c?.alarm_kinds ?? [],
  states: c?.states ?? ['Alerting'],
  min_severity: c?.min_severity ?? 'info',
  enabled: c?.enabled ?? true,
});

/** A channel: e-mail or webhook, which alarms it carries (none chosen: all), Alerting and/or OK, from which severity up. */
export function ChannelForm({ channel, onSubmit, onCancel }: { channel?: Channel; onSubmit: (v: Values) => Promise<unknown>; onCancel: () => void }) {
  const [values, setValues] = useState<Values>(valuesOf(channel));
  const { errors, formError, busy, submit } = useFormSubmit(channelBodySchema, (v) => onSubmit(v as Values));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(values);
      }}
    >
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus value={values.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <SegmentedControl
          aria-label="Channel kind"
          value={values.kind}
          onChange={(k) => set('kind', k as ChannelKind)}
          data={[
            { value: 'email', label: 'E-mail' },
            { value: 'webhook', label: 'Webhook' },
          ]}
        />
        <TextInput
          label={values.kind === 'email' ? 'E-mail address' : 'Webhook URL'}
          required
          value={values.target}
          error={errors.target}
          placeholder={values.kind === 'email' ? 'noc@example.com' : 'https://example.com/hooks/netloom'}
          onChange={(e) => set('target', e.currentTarget.value)}
        />
        <MultiSelect
          label="Alarms"
          description="None chosen: every kind"
          data={ALARM_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          value={values.alarm_kinds}
          onChange={(v) => set('alarm_kinds', v as AlarmKind[])}
        />
        <MultiSelect
          label="States"
          description="None chosen: both"
          data={ALARM_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
          value={values.states}
          onChange={(v) => set('states', v as AlarmState[])}
        />
        <Select
          label="Minimum severity"
          description="Device unreachable is critical; WAN link or IPsec tunnel down major; poor link quality minor; back to OK info"
          allowDeselect={false}
          data={ALARM_SEVERITIES.map((s) => ({ value: s, label: ALARM_SEVERITY_LABELS[s] }))}
          value={values.min_severity}
          onChange={(v) => v && set('min_severity', v as AlarmSeverity)}
        />
        <Switch label="Enabled" checked={values.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
        {values.kind === 'webhook' && (
          <Text size="xs" c="dimmed">
            Each call is a JSON POST signed with the channel&apos;s secret in the X-Netloom-Signature header (sha256=HMAC of the body); the secret is shown
            once, when the channel is added or its secret rotated.
          </Text>
        )}
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={channel ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onCancel} onReset={() => setValues(valuesOf(channel))} />
    </form>
  );
}
