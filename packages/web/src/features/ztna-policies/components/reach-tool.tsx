import { useMemo, useState } from 'react';
import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { PanelTitle } from '@/components/panel-title';
import { useZtnaServers } from '@/features/ztna-policies/api/get-ztna-servers';
import { RequesterCheck } from './requester-check';
import { ServerReach } from './server-reach';

type Mode = 'requester' | 'server';

/**
 * "Who can reach what": the endpoints' and connectors' own decision, run on the server's current
 * policies, for one requester and a server, or for every endpoint of one server.
 */
export function ReachTool() {
  const servers = useZtnaServers();
  const [mode, setMode] = useState<Mode>('requester');
  const options = useMemo(
    () => (servers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.address})` })).sort((a, b) => a.label.localeCompare(b.label)),
    [servers.data],
  );
  return (
    <Paper withBorder p="md" role="region" aria-label="Who can reach what">
      <Stack gap="sm">
        <PanelTitle icon={<IconRoute size={18} />} title="Who can reach what" />
        <Text size="sm" c="dimmed">
          The same decision the endpoints make for each connection, on the policies saved now.
        </Text>
        <SegmentedControl
          aria-label="Ask about"
          data={[
            { value: 'requester', label: 'A user or endpoint' },
            { value: 'server', label: 'Everyone for a server' },
          ]}
          value={mode}
          onChange={(v) => setMode(v as Mode)}
        />
        {mode === 'requester' ? <RequesterCheck servers={options} /> : <ServerReach servers={options} />}
      </Stack>
    </Paper>
  );
}
