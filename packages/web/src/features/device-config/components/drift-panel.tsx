import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { formatDate, type DeviceConfig } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { useResync } from '@/features/device-config/api/device-config';
import { ConfigDiff } from '@/components/config-diff/config-diff';

interface DriftPanelProps {
  deviceId: string;
  config: DeviceConfig;
  writer: boolean;
  timezone: string | null;
}

/**
 * The last change made on the box (within a day): when, what it changed against the desired
 * configuration, and how often the desired one was sent again since, so a gateway that keeps
 * drifting and being re-synced shows it. Editors re-sync by hand (auto-sync off, or not waiting).
 */
export function DriftPanel({ deviceId, config, writer, timezone }: DriftPanelProps) {
  const [open, setOpen] = useState(config.sync.state === 'drifted');
  const resync = useResync(deviceId);
  const drift = config.drift;
  if (!drift) return null;
  const drifted = config.sync.state === 'drifted';
  const resyncs = drift.resyncs_24h === 1 ? 'once' : `${drift.resyncs_24h} times`;
  return (
    <Alert color={drifted ? 'yellow' : 'gray'} title={drifted ? 'Changed on the box' : 'Last changed on the box'} data-testid="config-drift">
      <Stack gap="xs">
        <Text size="sm">
          {`At ${formatDate(drift.at, { timezone })}. `}
          {drift.resyncs_24h ? `The desired configuration was sent again ${resyncs} in the last 24 hours.` : 'Not sent again since.'}
          {drifted && !config.auto_sync ? ' Auto-sync is off: it stays as it is until re-synced.' : ''}
        </Text>
        <Group gap="xs">
          {writer && (
            <Button
              size="xs"
              leftSection={<IconRefresh size={14} />}
              loading={resync.isPending}
              disabled={config.sync.state === 'syncing'}
              onClick={() =>
                resync.mutate(undefined, {
                  onSuccess: () => toast.info('Re-sync sent'),
                  onError: (e) => toast.error(e instanceof Error ? e.message : undefined),
                })
              }
            >
              Re-sync
            </Button>
          )}
          {drift.box_document && (
            <Button size="xs" variant="subtle" onClick={() => setOpen((o) => !o)}>
              {open ? 'Hide changes' : 'Show changes'}
            </Button>
          )}
        </Group>
        {open && drift.box_document && <ConfigDiff before={config.document} after={drift.box_document} beforeLabel="Desired" afterLabel="On the box" />}
      </Stack>
    </Alert>
  );
}
