import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { REPORT_FORMATS, REPORT_KIND_LABELS, REPORT_KINDS, type ReportFormat, type ReportKind } from '@netloom/domain';

export const FORMAT_LABELS: Record<ReportFormat, string> = { pdf: 'PDF', csv: 'CSV' };
const KIND_OPTIONS = REPORT_KINDS.map((k) => ({ value: k, label: REPORT_KIND_LABELS[k] }));

/** What a report holds and in which format: shared by the generate form and the schedule form. */
export function ReportChoices({
  kind,
  format,
  onKind,
  onFormat,
  kindError,
}: {
  kind: ReportKind;
  format: ReportFormat;
  onKind: (k: ReportKind) => void;
  onFormat: (f: ReportFormat) => void;
  kindError?: string;
}) {
  return (
    <>
      <Select
        label="Report"
        required
        allowDeselect={false}
        data={KIND_OPTIONS}
        value={kind}
        error={kindError}
        onChange={(v) => v && onKind(v as ReportKind)}
        comboboxProps={{ withinPortal: true }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Format
        </Text>
        <SegmentedControl
          aria-label="Format"
          value={format}
          onChange={(v) => onFormat(v as ReportFormat)}
          data={REPORT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
        />
      </Stack>
    </>
  );
}
