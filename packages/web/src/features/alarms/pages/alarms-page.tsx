import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Group, Menu, Paper, Select, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { ALARM_EMPTY_TEXTS, DEVICE_ALARM_KINDS, type Alarm, type DeviceAlarmKind, deviceOptions } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { PageHeader } from '@/components/page-header';
import { GatewayPicker, useStatusDevice } from '@/components/gateway-picker';
import { RoutedTabs } from '@/components/routed-tabs';
import { paths } from '@/paths';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useAlarmHistory, useAlarmInterfaces } from '../api/alarms';
import { AlarmSeverityBadge, AlarmStateBadge } from '../components/alarm-state-badge';

const state: DataTableColumn<Alarm> = { key: 'state', header: 'State', render: (a) => <AlarmStateBadge state={a.state} /> };
const severity: DataTableColumn<Alarm> = { key: 'severity', header: 'Severity', render: (a) => <AlarmSeverityBadge severity={a.severity} /> };
const time: DataTableColumn<Alarm> = { key: 'time', header: 'Time', type: 'date' };
const iface: DataTableColumn<Alarm> = { key: 'interface', header: 'Interface' };

/** The four tabs of spec 000 §2.10 with their tables. */
const TABS: Record<DeviceAlarmKind, { label: string; title: string; columns: DataTableColumn<Alarm>[] }> = {
  device: { label: 'Device', title: 'Device Alarms', columns: [state, severity, time] },
  wan: { label: 'WAN', title: 'WAN Alarms', columns: [state, severity, iface, time] },
  performance: { label: 'Performance', title: 'Performance Alarms', columns: [state, severity, iface, { key: 'detail', header: 'Measured' }, time] },
  ipsec: { label: 'IPSec', title: 'IPSec Alarms', columns: [state, severity, { key: 'interface', header: 'Tunnel' }, time] },
};

/**
 * SD-WAN Gateway → Monitor → Alarms (`sdwan/device/status/alarms/{device|wan|performance|ipsec}`):
 * a gateway's alarm history, newest first, with the OK/Alerting legend; WAN and performance
 * filter by interface ('All' or one).
 */
export function AlarmsPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { kind: kindParam } = useParams();
  const [params, setParams] = useSearchParams();
  const deviceId = useStatusDevice();
  const kind: DeviceAlarmKind = (DEVICE_ALARM_KINDS as readonly string[]).includes(kindParam ?? '') ? (kindParam as DeviceAlarmKind) : 'device';
  const chosenInterface = params.get('interface') ?? 'All';
  const byInterface = kind === 'wan' || kind === 'performance' ? kind : null;
  const history = useAlarmHistory(deviceId, kind, byInterface ? chosenInterface : 'All');
  const interfaces = useAlarmInterfaces(deviceId, byInterface);
  if (!user) return null;
  const tab = TABS[kind];
  const withParams = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    return p;
  };

  return (
    <>
      <ConfigPageHeader
        title="Alarms"
        subtitle="When the gateway, its WAN links, their quality and its tunnels changed state"
        onRefresh={() => void history.refetch()}
        refreshing={history.isFetching}
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          <GatewayPicker deviceId={deviceId} resets={['interface']} />
          {!deviceId ? (
            <EmptyState title="Please Select Device" description="Choose a gateway to see its alarms." />
          ) : (
            <RoutedTabs
              tabs={DEVICE_ALARM_KINDS.map((k) => ({ route: k, label: TABS[k].label }))}
              value={kind}
              onChange={(v) => void navigate({ pathname: `../${v}`, search: withParams({ interface: null }).toString() }, { relative: 'path' })}
            >
              <Group justify="space-between" mb="sm">
                <Group gap="xs" aria-label="Legend">
                  <AlarmStateBadge state="OK" />
                  <AlarmStateBadge state="Alerting" />
                </Group>
                {byInterface && (
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} />}>
                        Interface: {chosenInterface}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {['All', ...(interfaces.data ?? [])].map((name) => (
                        <Menu.Item key={name} onClick={() => setParams(withParams({ interface: name === 'All' ? null : name }))}>
                          {name}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Group>
              {history.isError ? (
                <ErrorPanel onRetry={() => void history.refetch()} />
              ) : history.data && history.data.results.length === 0 ? (
                <Text c="dimmed" ta="center" py="xl">
                  {ALARM_EMPTY_TEXTS[kind]}
                </Text>
              ) : (
                <DataTable
                  label={tab.title}
                  columns={tab.columns}
                  rows={history.data?.results ?? []}
                  loading={!history.data}
                  timezone={user.timezone}
                  options={{ sort: true, paging: true, download: true }}
                />
              )}
            </RoutedTabs>
          )}
        </Stack>
      </Paper>
    </>
  );
}

/** Organization → Monitor → Alarms: choosing a gateway leads to its alarms (spec 000 §2.10). */
export function OrganisationAlarmsPage() {
  const tid = useTenantScope();
  const navigate = useNavigate();
  const gateways = useFleetDevices(tid, null, 'device');
  return (
    <>
      <PageHeader title="Device Alarms" subtitle="Pick a gateway to see its alarm history" />
      <Paper withBorder p="md">
        <Select
          label="Device"
          placeholder="Select Device"
          searchable
          w={320}
          data={deviceOptions(gateways.data ?? [])}
          onChange={(id) => id && void navigate(paths.product.deviceAlarms('device', id))}
        />
      </Paper>
    </>
  );
}
