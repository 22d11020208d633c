import { Badge, Progress, Stack, Text } from '@mantine/core';
import { REPORT_KIND_LABELS, type ReportRow, type ReportState } from '@netloom/domain';

const STATE_LABELS: Record<ReportState, string> = { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' };
const STATE_COLORS: Record<ReportState, string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };

/** A report's state; while it is made, a bar with its progress; when it failed, why. */
export function ReportStatus({ report }: { report: ReportRow }) {
  const inProgress = report.status === 'queued' || report.status === 'running';
  return (
    <Stack gap={4} miw={160}>
      <Badge variant="light" color={STATE_COLORS[report.status]}>
        {STATE_LABELS[report.status]}
      </Badge>
      {inProgress && (
        <Progress.Root size="sm">
          <Progress.Section value={report.progress} animated aria-label={`Progress of ${REPORT_KIND_LABELS[report.kind]}`} />
        </Progress.Root>
      )}
      {report.status === 'failed' && report.error && (
        <Text size="xs" c="red">
          {report.error}
        </Text>
      )}
    </Stack>
  );
}
