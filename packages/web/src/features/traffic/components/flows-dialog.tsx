import { Alert, Modal, Stack, Text } from '@mantine/core';
import { formatDate } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorPanel } from '@/components/error-panel';
import { useFlows, type FlowsRequest } from '@/features/traffic/api/get-flows';
import { FLOW_COLUMNS } from './flow-columns';
import { windowStart } from './traffic-window';

interface FlowsDialogProps {
  /** What to list; the dialog is closed without one. */
  request: FlowsRequest | null;
  title: string;
  timezone: string | null;
  onClose: () => void;
}

/**
 * The flows behind a chart's bar over the chart's window (drill-down): the newest the server
 * gives, searched, paged and exported as CSV in the table. Raw flows are kept a short time, so
 * the dialog says where a longer window's list stops.
 */
export function FlowsDialog({ request, title, timezone, onClose }: FlowsDialogProps) {
  const flows = useFlows(request);
  const answer = flows.data;
  const retainedFrom = answer ? Date.parse(answer.retained_from) : NaN;
  const cutShort = request && answer && windowStart(request.window) < retainedFrom;
  return (
    <Modal opened={request !== null} onClose={onClose} title={`Flows · ${title}`} size="95%">
      <Stack gap="sm">
        {cutShort && (
          <Alert color="yellow" variant="light">
            Flow records are kept for a short time: this list starts at {formatDate(answer.retained_from, { timezone })}, the chart covers more.
          </Alert>
        )}
        {answer && answer.count > answer.results.length && (
          <Text size="sm" c="dimmed">
            The newest {answer.results.length.toLocaleString('en-GB')} of {answer.count.toLocaleString('en-GB')} flows.
          </Text>
        )}
        {flows.isError ? (
          <ErrorPanel onRetry={() => void flows.refetch()} />
        ) : (
          <DataTable
            label="Flows"
            columns={FLOW_COLUMNS}
            rows={answer?.results ?? []}
            loading={flows.isLoading}
            timezone={timezone}
            csv={{ title: 'flows' }}
            emptyState={<Text c="dimmed">No flows in this window.</Text>}
          />
        )}
      </Stack>
    </Modal>
  );
}
