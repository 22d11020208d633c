import { Badge, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconPlayerStop } from '@tabler/icons-react';
import { formatBytes, type DiagnosticRun } from '@netloom/domain';

const STATE_COLOURS: Record<DiagnosticRun['state'], string> = { running: 'blue', done: 'green', failed: 'red', stopped: 'gray', limited: 'orange' };
const STATE_LABELS: Record<DiagnosticRun['state'], string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  stopped: 'Stopped',
  limited: 'Stopped by a limit',
};

const describe = (run: DiagnosticRun) => {
  const p = run.params as Record<string, unknown>;
  const target = p.host ?? p.name ?? p.interface ?? '';
  return `${run.kind} ${String(target)}`.trim();
};

interface Props {
  run: DiagnosticRun;
  canWrite: boolean;
  stopping: boolean;
  onStop(): void;
  onDownload(): void;
}

/** The run shown in the terminal: what it is, where it stands, Stop while it runs, its capture once there. */
export function RunStatus({ run, canWrite, stopping, onStop, onDownload }: Props) {
  return (
    <Group justify="space-between">
      <Group gap="xs">
        <Badge color={STATE_COLOURS[run.state]} data-testid="diagnostic-state">
          {STATE_LABELS[run.state]}
        </Badge>
        <Text size="sm" c="dimmed">
          {describe(run)} · started by {run.started_by ?? 'someone'} at {new Date(run.started_at).toLocaleTimeString()}
        </Text>
      </Group>
      <Group gap="xs">
        {run.state === 'running' && canWrite && (
          <Button color="red" variant="light" leftSection={<IconPlayerStop size={16} />} loading={stopping} onClick={onStop}>
            Stop
          </Button>
        )}
        {run.artifact_bytes !== null && (
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onDownload}>
            Download capture ({formatBytes(run.artifact_bytes)})
          </Button>
        )}
      </Group>
    </Group>
  );
}
