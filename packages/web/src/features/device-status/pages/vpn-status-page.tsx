import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { UNKNOWN_STATE, shownReportedState } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useGatewayLabel } from '@/lib/use-gateway-labels';
import { useTenantTunnels } from '@/features/device-status/api/device-status';
import { ReportedState } from '@/features/device-status/components/reported-state';

type Row = Record<string, unknown>;
const STATE_NAMES: Record<string, string> = { up: 'Up', down: 'Down', [UNKNOWN_STATE]: UNKNOWN_STATE };
const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'device_name', header: 'Device Name' },
  { key: 'name', header: 'Tunnel' },
  { key: 'remote', header: 'Remote', type: 'ip' },
  {
    key: 'state',
    header: 'State',
    render: (r) => (
      <ReportedState
        shown={STATE_NAMES[String(r.state)] ?? 'Down'}
        reported={STATE_NAMES[String(r.reported_state)] ?? 'Down'}
        color={r.state === 'up' ? 'green' : 'red'}
      />
    ),
  },
  { key: 'reason', header: 'Why down', render: (r) => (r.reason ? String(r.reason) : '–') },
  { key: 'at', header: 'Reported', type: 'date' },
];

/**
 * Organization → Monitor → VPN status (spec 000 §2.15 `organization/monitor/vpn-status`): every
 * IPsec tunnel of the tenant's gateways, up or down, as each gateway last reported it; unknown
 * (counted neither up nor down) while its gateway is not reachable.
 */
export function VpnStatusPage() {
  const user = useCurrentUser();
  const tunnels = useTenantTunnels();
  const label = useGatewayLabel();
  if (!user) return null;
  const rows = (tunnels.data ?? []).flatMap((d) =>
    d.tunnels.map((t) => ({
      id: `${d.device_id}-${t.name}`,
      device_name: label(d.device_id, d.device_name),
      at: d.at,
      ...t,
      state: shownReportedState(t.state, d),
      reported_state: t.state,
    })),
  );
  const up = rows.filter((r) => r.state === 'up').length;
  const unknown = rows.filter((r) => r.state === UNKNOWN_STATE).length;
  return (
    <>
      <PageHeader title="VPN status" subtitle="Every IPsec tunnel of your gateways, as each gateway last reported it" />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Count label="Tunnels" value={rows.length} />
          <Count label="Up" value={up} />
          <Count label="Down" value={rows.length - up - unknown} />
        </SimpleGrid>
        <Paper withBorder p="md">
          {tunnels.isError ? (
            <ErrorPanel onRetry={() => void tunnels.refetch()} />
          ) : (
            <Group grow>
              <DataTable
                label="Tunnels of all gateways"
                columns={COLUMNS}
                rows={rows}
                loading={!tunnels.data}
                timezone={user.timezone}
                options={{ search: true, sort: true, download: true, paging: true, refresh: true }}
                onRefresh={() => tunnels.refetch()}
                emptyState={<EmptyState title="No Status Available" description="No gateway has reported an IPsec tunnel yet." />}
              />
            </Group>
          )}
        </Paper>
      </Stack>
    </>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md" aria-label={`${label}: ${value}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}
