import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { reportAge, shownReportedState } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { GatewayPicker, useStatusDevice } from '@/components/gateway-picker';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useGatewayLabel } from '@/lib/use-gateway-labels';
import { useTenantBgp } from '@/features/device-status/api/device-status';
import { ReportedAge } from '@/features/device-status/components/reported-age';
import { ReportedState } from '@/features/device-status/components/reported-state';
import { useFreshSnapshot, useNow } from '@/features/device-status/hooks/use-fresh-snapshot';

type Row = Record<string, unknown>;
const NEIGHBOUR_COLUMNS: DataTableColumn<Row>[] = [
  { key: 'neighbour', header: 'Neighbour', type: 'ip' },
  { key: 'asn', header: 'ASN Number' },
  { key: 'state', header: 'State' },
  { key: 'msg_sent', header: 'Msg Sent' },
  { key: 'msg_received', header: 'Msg Received' },
  { key: 'reason', header: 'Why not up', render: (r) => (typeof r.reason === 'string' ? r.reason : '–') },
];

function Card({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={600} ff="monospace">
        {value}
      </Text>
    </Paper>
  );
}

/** A gateway's BGP (spec 000 §2.11, device version): local IP and local ASN cards, its neighbours. */
export function BgpStatusPage() {
  const user = useCurrentUser();
  const deviceId = useStatusDevice();
  const { status, snapshot: reported, at, waiting, ask } = useFreshSnapshot(deviceId, 'bgp');
  if (!user) return null;
  const snapshot = reported?.kind === 'bgp' ? reported : null;

  return (
    <>
      <ConfigPageHeader title="BGP" subtitle="The gateway's BGP speaker and its neighbours" onRefresh={ask} refreshing={waiting} />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <GatewayPicker deviceId={deviceId} />
            <ReportedAge at={at} />
          </Group>
          {!deviceId ? (
            <EmptyState title="Please Select Device" description="Choose a gateway to see its BGP neighbours." />
          ) : status.isError ? (
            <ErrorPanel onRetry={() => void status.refetch()} />
          ) : !snapshot?.local && waiting ? (
            <EmptyState title="Asking the gateway…" description="Its BGP state arrives in a moment." />
          ) : !snapshot?.local ? (
            <EmptyState title="No Status Available" description="The gateway has not reported BGP running." />
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Card label="Local IP" value={snapshot.local.ip} />
                <Card label="Local ASN" value={String(snapshot.local.asn)} />
              </SimpleGrid>
              <DataTable
                label="BGP neighbours"
                columns={NEIGHBOUR_COLUMNS}
                rows={snapshot.entries}
                timezone={user.timezone}
                options={{ search: true, sort: true, download: true, refresh: true }}
                onRefresh={ask}
              />
              <BgpRoutes deviceId={deviceId} timezone={user.timezone} />
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}

const ROUTE_COLUMNS: DataTableColumn<Row>[] = [
  { key: 'prefix', header: 'Prefix', type: 'ip' },
  { key: 'next_hop', header: 'Next hop', type: 'ip' },
  { key: 'neighbour', header: 'From neighbour', type: 'ip' },
  { key: 'as_path', header: 'AS path' },
  { key: 'best', header: 'Best', render: (r) => (r.best ? 'Yes' : 'No') },
];

/** The routes the gateway learnt over BGP, asked for with the neighbours. */
function BgpRoutes({ deviceId, timezone }: { deviceId: string; timezone: string | null }) {
  const { snapshot, at } = useFreshSnapshot(deviceId, 'bgp_routes');
  const rows = snapshot?.kind === 'bgp_routes' ? snapshot.entries : [];
  return (
    <DataTable
      label="BGP routes"
      columns={ROUTE_COLUMNS}
      rows={rows}
      loading={!at}
      timezone={timezone}
      options={{ search: true, sort: true, download: true, paging: true }}
      emptyState={<EmptyState title="No routes learnt" description="No neighbour has advertised a route yet." />}
    />
  );
}

/**
 * Organization → Monitor → BGP (spec 000 §2.11, tenant-wide): every gateway's neighbours with its
 * local IP and ASN, how long ago the gateway reported them, and their state as unknown while the
 * gateway is not reachable (a session may have gone down with it).
 */
export function TenantBgpPage() {
  const user = useCurrentUser();
  const bgp = useTenantBgp();
  const now = useNow();
  const label = useGatewayLabel();
  if (!user) return null;
  const rows = (bgp.data ?? []).flatMap((d) =>
    d.neighbours.map((n) => ({
      id: `${d.device_id}-${n.neighbour}`,
      device_name: label(d.device_id, d.device_name),
      local_ip: d.local?.ip ?? '',
      local_asn: d.local?.asn ?? '',
      ...n,
      state: shownReportedState(n.state, d),
      reported_state: n.state,
      reported: d.at,
    })),
  );
  const columns: DataTableColumn<Row>[] = [
    { key: 'device_name', header: 'Device Name' },
    { key: 'local_ip', header: 'Local IP', type: 'ip' },
    { key: 'local_asn', header: 'Local ASN' },
    ...NEIGHBOUR_COLUMNS.map((c) =>
      c.key === 'state' ? { ...c, render: (r: Row) => <ReportedState shown={String(r.state)} reported={String(r.reported_state)} /> } : c,
    ),
    { key: 'reported', header: 'Reported', render: (r) => reportAge(r.reported as string, now) },
  ];
  return (
    <>
      <PageHeader title="BGP" subtitle="The BGP neighbours of every gateway, as each last reported them" />
      <Paper withBorder p="md">
        {bgp.isError ? (
          <ErrorPanel onRetry={() => void bgp.refetch()} />
        ) : (
          <Group grow>
            <DataTable
              label="BGP neighbours of all gateways"
              columns={columns}
              rows={rows}
              loading={!bgp.data}
              timezone={user.timezone}
              options={{ search: true, sort: true, download: true, paging: true, refresh: true }}
              onRefresh={() => bgp.refetch()}
              emptyState={<EmptyState title="No Status Available" description="No gateway has reported BGP running yet." />}
            />
          </Group>
        )}
      </Paper>
    </>
  );
}
