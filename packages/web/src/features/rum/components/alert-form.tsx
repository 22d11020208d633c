import { useState } from 'react';
import { NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { rumAlertInputSchema, VITAL_NAMES, VITAL_THRESHOLDS, vitalUnit, type RumAlert, type RumAlertInput, type VitalName } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { FieldAlert } from '@/components/field-alert';
import { fieldError } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import { formatVital, VITAL_TITLES } from './vital-format';

export interface AlertFormProps {
  siteId: string;
  alert: RumAlert | null;
  onSave: (input: RumAlertInput) => Promise<unknown>;
  onCancel: () => void;
}

/** An alert on a vital's p75 over a window: it fires through the notification channels when the p75 crosses the threshold. */
export function AlertForm({ siteId, alert, onSave, onCancel }: AlertFormProps) {
  const initial = alert
    ? { vital: alert.vital, threshold: alert.threshold, window_minutes: alert.window_minutes, enabled: alert.enabled }
    : { vital: 'LCP' as VitalName, threshold: VITAL_THRESHOLDS.LCP.poor, window_minutes: 30, enabled: true };
  const [v, setV] = useState(initial);
  const { errors, formError, busy, submit } = useFormSubmit(rumAlertInputSchema, onSave);
  const unit = vitalUnit(v.vital);
  const t = VITAL_THRESHOLDS[v.vital];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ site_id: siteId, ...v });
      }}
      noValidate
    >
      <ModalHeader title={alert ? `Edit the ${alert.vital} alert` : 'Add alert'} onClose={onCancel} loading={busy} />
      <Stack gap="sm">
        <Select
          label="Vital"
          data={VITAL_NAMES.map((n) => ({ value: n, label: `${n} (${VITAL_TITLES[n]})` }))}
          value={v.vital}
          disabled={alert !== null}
          allowDeselect={false}
          onChange={(n) => n && setV({ ...v, vital: n as VitalName, threshold: VITAL_THRESHOLDS[n as VitalName].poor })}
        />
        <NumberInput
          label={unit === 'ms' ? 'Threshold (ms)' : 'Threshold (score)'}
          description={`Alert when the p75 is above it. Google: good up to ${formatVital(v.vital, t.good)}, poor above ${formatVital(v.vital, t.poor)}`}
          min={0}
          decimalScale={unit === 'ms' ? 0 : 3}
          step={unit === 'ms' ? 100 : 0.01}
          value={v.threshold}
          onChange={(n) => setV({ ...v, threshold: typeof n === 'number' ? n : Number(n) || 0 })}
          error={fieldError(errors, 'threshold')}
        />
        <NumberInput
          label="Window (minutes)"
          description="The p75 is taken over this many minutes"
          min={5}
          max={1440}
          value={v.window_minutes}
          onChange={(n) => setV({ ...v, window_minutes: typeof n === 'number' ? n : Number(n) || 0 })}
          error={fieldError(errors, 'window_minutes')}
        />
        <Switch label="Enabled" checked={v.enabled} onChange={(e) => setV({ ...v, enabled: e.currentTarget.checked })} />
        <Text size="xs" c="dimmed">
          Alerts go to the tenant&apos;s notification channels, as alarms do.
        </Text>
        <FieldAlert message={formError ?? errors.form} />
      </Stack>
      <ModalFooter mode={alert ? 'edit' : 'add'} loading={busy} submitType="submit" onCancel={onCancel} onReset={() => setV(initial)} />
    </form>
  );
}
