import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Group, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import type { StatusKind } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { useSelectedDevice } from '@/lib/fleet-selection';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useDeviceStatus, useRefreshStatus } from '@/features/device-status/api/device-status';

type Row = Record<string, unknown>;
const TABS: { route: string; kind: StatusKind; label: string; columns: DataTableColumn<Row>[] }[] = [
  {
    route: 'routes',
    kind: 'routes',
    label: 'Routes',
    columns: [
      { key: 'destination', header: 'Destination', type: 'ip' },
      { key: 'gateway', header: 'Gateway', type: 'ip' },
      { key: 'interface', header: 'Interface' },
      { key: 'metric', header: 'Metric' },
      { key: 'origin', header: 'Origin' },
    ],
  },
  {
    route: 'arptables',
    kind: 'arp',
    label: 'ARP',
    columns: [
      { key: 'ip', header: 'Address', type: 'ip' },
      { key: 'mac', header: 'MAC address' },
      { key: 'interface', header: 'Interface' },
      { key: 'state', header: 'State' },
    ],
  },
  {
    route: 'interfaces',
    kind: 'interfaces',
    label: 'Interfaces',
    columns: [
      { key: 'name', header: 'Interface' },
      { key: 'kind', header: 'Kind' },
      { key: 'address', header: 'Address', type: 'ip' },
      { key: 'prefix', header: 'Prefix' },
    ],
  },
  {
    route: 'dhcp',
    kind: 'dhcp_leases',
    label: 'DHCP leases',
    columns: [
      { key: 'ip', header: 'Address', type: 'ip' },
      { key: 'mac', header: 'MAC address' },
      { key: 'hostname', header: 'Host name' },
      { key: 'interface', header: 'Interface' },
      { key: 'static', header: 'Static', render: (r) => (r.static ? 'Yes' : 'No') },
    ],
  },
  {
    route: 'devicestatus',
    kind: 'system',
    label: 'Device status',
    columns: [
      { key: 'model', header: 'Model' },
      { key: 'board', header: 'Board' },
      { key: 'firmware', header: 'Firmware' },
      { key: 'uptime_s', header: 'Up for', render: (r) => upFor(Number(r.uptime_s)) },
      { key: 'cpu_pct', header: 'CPU %' },
      { key: 'memory_pct', header: 'Memory %' },
      { key: 'disk_pct', header: 'Disk %' },
    ],
  },
  {
    route: 'ipsec',
    kind: 'ipsec',
    label: 'IPsec tunnels',
    columns: [
      { key: 'name', header: 'Tunnel' },
      { key: 'remote', header: 'Remote' },
      { key: 'state', header: 'State' },
      { key: 'reason', header: 'Why down' },
    ],
  },
];

/** An uptime as days, hours and minutes. */
function upFor(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  return d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/** How old a snapshot is, in the words a person uses. */
function age(at: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  return s < 60 ? `${s} s ago` : s < 3600 ? `${Math.round(s / 60)} min ago` : `${Math.round(s / 3600)} h ago`;
}

/**
 * SD-WAN Gateway → Monitor → Network (spec 000 §2.15 `sdwan/device/status/network/…`): a gateway's
 * routes, interfaces, DHCP leases and IPsec tunnels as it reports them. Opening a tab or pressing
 * Refresh asks the gateway for a fresh snapshot; the page says how old what it shows is.
 */
export function NetworkStatusPage() {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const navigate = useNavigate();
  const { '*': rest } = useParams();
  const [params, setParams] = useSearchParams();
  // The URL's device, else the one chosen in the header.
  const selected = useSelectedDevice();
  const deviceId = params.get('device') ?? selected?.id ?? null;
  const tab = TABS.find((t) => t.route === rest?.split('/')[0]) ?? TABS[0]!;
  const gateways = useFleetDevices(tid, null, 'device');
  const [askedAt, setAskedAt] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const status = useDeviceStatus(deviceId, tab.kind, askedAt !== null);
  const refresh = useRefreshStatus(deviceId, tab.kind);
  const ask = () => {
    if (!deviceId) return;
    setAskedAt(Date.now());
    refresh.mutate();
  };
  // A fresh snapshot is asked for when a tab opens; waiting stops when it arrived or after 15 s.
  useEffect(ask, [deviceId, tab.kind]); // eslint-disable-line react-hooks/exhaustive-deps
  const at = status.data?.at ?? null;
  useEffect(() => {
    if (askedAt !== null && (Date.now() - askedAt > 15_000 || (at && Date.parse(at) >= askedAt - 1000))) setAskedAt(null);
  }, [at, askedAt, status.dataUpdatedAt]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  if (!user) return null;

  return (
    <>
      <ConfigPageHeader
        title="Network status"
        subtitle="What the gateway reports: its routes, interfaces, DHCP leases and tunnels"
        onRefresh={ask}
        refreshing={askedAt !== null}
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <Select
              label="Gateway"
              placeholder="Choose a gateway"
              searchable
              w={320}
              data={(gateways.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
              value={deviceId}
              onChange={(id) => setParams(id ? { device: id } : {})}
            />
            {at && (
              <Text size="sm" c="dimmed" data-testid="status-age">
                Reported {age(at, now)}
              </Text>
            )}
          </Group>
          {!deviceId ? (
            <EmptyState title="Please Select Device" description="Choose a gateway to see what it reports." />
          ) : (
            <Tabs value={tab.route} onChange={(v) => v && void navigate({ pathname: `../${v}`, search: params.toString() }, { relative: 'path' })}>
              <Tabs.List mb="md">
                {TABS.map((t) => (
                  <Tabs.Tab key={t.route} value={t.route}>
                    {t.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {status.isError ? (
                <ErrorPanel onRetry={() => void status.refetch()} />
              ) : !at && askedAt === null ? (
                <EmptyState title="No Status Available" description="The gateway has not reported this yet. Refresh asks it again." />
              ) : (
                <DataTable
                  label={tab.label}
                  columns={tab.columns}
                  rows={(status.data?.snapshot.entries ?? []) as Row[]}
                  loading={!at}
                  timezone={user.timezone}
                  options={{ search: true, sort: true, paging: true }}
                />
              )}
            </Tabs>
          )}
        </Stack>
      </Paper>
    </>
  );
}
