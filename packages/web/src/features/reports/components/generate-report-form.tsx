import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileAnalytics } from '@tabler/icons-react';
import {
  EMPTY_DATE_RANGE,
  REPORT_MAX_PERIOD_DAYS,
  dateRangeError,
  reportRequestSchema,
  type ReportFormat,
  type ReportKind,
  type ReportRequest,
} from '@netloom/domain';
import { DateTimeRangePicker } from '@/components/inputs/date-time-range-picker';
import { useFormSubmit } from '@/lib/use-form-submit';
import { PERIODS, periodInstants, type Period } from './report-period';
import { ReportChoices } from './report-choices';

/** Generate: which report, its format and the period it covers; the row then shows its progress. */
export function GenerateReportForm({
  product,
  tenantId,
  onGenerate,
}: {
  product: 'sdwan' | 'ztna';
  tenantId: string | null;
  onGenerate: (body: ReportRequest) => Promise<unknown>;
}) {
  const [kind, setKind] = useState<ReportKind>('inventory');
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [period, setPeriod] = useState<Period>('7');
  const [custom, setCustom] = useState(EMPTY_DATE_RANGE);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const { errors, formError, busy, submit } = useFormSubmit(reportRequestSchema, onGenerate);
  const today = new Date().toISOString().slice(0, 10);

  const generate = () => {
    const pickError = period === 'custom' ? dateRangeError(custom, { submit: true, maxDate: today }) : null;
    setRangeError(pickError);
    const range = pickError ? null : periodInstants(period, custom);
    if (!range) return;
    void submit({ kind, format, product, from: range.from, to: range.to, ...(tenantId ? { tenant_id: tenantId } : {}) });
  };
  const periodError = errors.to ?? errors.from ?? null;

  return (
    <Paper withBorder p="md">
      <form
        noValidate
        aria-label="Generate a report"
        onSubmit={(e) => {
          e.preventDefault();
          generate();
        }}
      >
        <Stack gap="sm">
          <ReportChoices kind={kind} format={format} onKind={setKind} onFormat={setFormat} kindError={errors.kind} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Period
            </Text>
            <SegmentedControl aria-label="Period" value={period} onChange={(v) => setPeriod(v as Period)} data={[...PERIODS]} />
          </Stack>
          {period === 'custom' && <DateTimeRangePicker value={custom} onChange={setCustom} maxDate={today} error={rangeError} />}
          <Text size="xs" c={periodError ? 'red' : 'dimmed'} role={periodError ? 'alert' : undefined}>
            {periodError ?? `A report covers at most ${REPORT_MAX_PERIOD_DAYS} days.`}
          </Text>
          {formError && (
            <Text size="sm" c="red" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} leftSection={<IconFileAnalytics size={16} />}>
              Generate
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
