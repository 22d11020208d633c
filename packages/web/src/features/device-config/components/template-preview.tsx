import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { confirm } from '@/components/dialogs/confirm';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { ErrorPanel } from '@/components/error-panel';
import { useGatewayLabel } from '@/lib/use-gateway-labels';
import { toast } from '@/components/feedback/toast';
import { useApplyTemplate, useTemplateDevicePreview, useTemplatePreview } from '@/features/device-config/api/templates';
import { ConfigDiff } from '@/components/config-diff/config-diff';

type Row = { id: string; name: string; outcome: 'changed' | 'unchanged' | 'invalid'; error: string | null };
const COLOUR = { changed: 'blue', unchanged: 'gray', invalid: 'red' } as const;
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Device' },
  {
    key: 'outcome',
    header: 'Applying would',
    render: (r) => (
      <Badge color={COLOUR[r.outcome]} variant="light">
        {r.outcome === 'invalid' ? 'fail' : r.outcome === 'changed' ? 'change it' : 'change nothing'}
      </Badge>
    ),
  },
  { key: 'error', header: 'Why' },
];

/** Before anything is pushed: how many devices the template changes, the rendered diff of any of them, then apply. */
export function TemplatePreviewPanel({ templateId, writer, onApplied }: { templateId: string; writer: boolean; onApplied: (operationId: string) => void }) {
  const preview = useTemplatePreview(templateId);
  const apply = useApplyTemplate(templateId);
  const [device, setDevice] = useState<string | null>(null);
  const diff = useTemplateDevicePreview(templateId, device);
  const label = useGatewayLabel();
  if (preview.isError) return <ErrorPanel onRetry={() => void preview.refetch()} />;
  const p = preview.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text data-testid="template-preview-summary">
          {p
            ? `${p.changed} device${p.changed === 1 ? '' : 's'} would change, ${p.unchanged} stay as they are, ${p.invalid} cannot be rendered.`
            : 'Working out what would change…'}
        </Text>
        {writer && (
          <Group gap="xs">
            <Button variant="default" onClick={() => void preview.refetch()} loading={preview.isFetching}>
              Preview again
            </Button>
            <Button
              disabled={!p || p.changed === 0}
              loading={apply.isPending}
              onClick={async () => {
                if (
                  !(await confirm({
                    title: `Push to ${p!.changed} device${p!.changed === 1 ? '' : 's'}?`,
                    message: 'Each gets a new revision of its configuration.',
                  }))
                )
                  return;
                await apply.mutateAsync().then(
                  (op) => {
                    toast.info('Template applied');
                    onApplied(op.id);
                    void preview.refetch();
                  },
                  () => toast.error(),
                );
              }}
            >
              Apply
            </Button>
          </Group>
        )}
      </Group>
      <DataTable
        label="Devices using the template"
        columns={columns}
        rows={(p?.devices ?? []).map((d) => ({ id: d.device_id, name: label(d.device_id, d.name), outcome: d.outcome, error: d.error }))}
        loading={preview.isLoading}
        timezone={null}
        options={{ search: true, paging: true }}
        onView={(row) => setDevice(row.id)}
      />
      <Modal opened={device !== null} onClose={() => setDevice(null)} withCloseButton={false} size="xl" centered>
        <ModalHeader
          title={diff.data ? `What applying changes on ${label(device ?? '', diff.data.name)}` : 'What applying changes'}
          onClose={() => setDevice(null)}
        />
        {diff.isError ? (
          <ErrorPanel onRetry={() => void diff.refetch()} />
        ) : diff.data?.error ? (
          <Text c="red" role="alert">
            {diff.data.error}
          </Text>
        ) : diff.data ? (
          <ConfigDiff before={diff.data.current} after={diff.data.rendered} beforeLabel="Runs now" afterLabel="After applying" />
        ) : (
          <Text c="dimmed">Loading…</Text>
        )}
      </Modal>
    </Stack>
  );
}
