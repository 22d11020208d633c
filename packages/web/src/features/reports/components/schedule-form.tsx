import { useState } from 'react';
import { SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  REPORT_CADENCES,
  nextScheduledRun,
  reportScheduleBodySchema,
  type ReportCadence,
  type ReportScheduleBody,
  type ReportScheduleRow,
} from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ChipInput } from '@/components/inputs/chip-input';
import { useFormSubmit } from '@/lib/use-form-submit';
import { ReportChoices } from './report-choices';

export const CADENCE_LABELS: Record<ReportCadence, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const CADENCE_HINTS: Record<ReportCadence, string> = {
  daily: 'Every day at midnight UTC, covering the day before',
  weekly: 'Every Monday at midnight UTC, covering the week before',
  monthly: 'On the 1st of each month at midnight UTC, covering the month before',
};

type Values = Omit<ReportScheduleBody, 'product'>;

const valuesOf = (s?: ReportScheduleRow): Values => ({
  name: s?.name ?? '',
  kind: s?.kind ?? 'inventory',
  format: s?.format ?? 'pdf',
  cadence: s?.cadence ?? 'weekly',
  recipients: s?.recipients ?? [],
  enabled: s?.enabled ?? true,
});

/** A scheduled report: what, how often, and who receives it by e-mail. */
export function ScheduleForm({
  schedule,
  product,
  onSubmit,
  onCancel,
}: {
  schedule?: ReportScheduleRow;
  product: 'sdwan' | 'ztna';
  onSubmit: (body: ReportScheduleBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(schedule));
  const { errors, formError, busy, submit } = useFormSubmit(reportScheduleBodySchema, onSubmit);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const firstRun = nextScheduledRun(values.cadence, new Date());

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ ...values, product });
      }}
    >
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus value={values.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <ReportChoices kind={values.kind} format={values.format} onKind={(k) => set('kind', k)} onFormat={(f) => set('format', f)} kindError={errors.kind} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Cadence
          </Text>
          <SegmentedControl
            aria-label="Cadence"
            value={values.cadence}
            onChange={(v) => set('cadence', v as ReportCadence)}
            data={REPORT_CADENCES.map((c) => ({ value: c, label: CADENCE_LABELS[c] }))}
          />
          <Text size="xs" c="dimmed">
            {CADENCE_HINTS[values.cadence]}; next run {firstRun.toISOString().slice(0, 10)}.
          </Text>
        </Stack>
        <ChipInput
          type="email"
          label="Recipients"
          description="E-mail addresses; press Enter, comma or space after each"
          required
          value={values.recipients}
          error={errors.recipients}
          onChange={(r) => set('recipients', r)}
        />
        <Switch label="Enabled" checked={values.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={schedule ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onCancel} onReset={() => setValues(valuesOf(schedule))} />
    </form>
  );
}
