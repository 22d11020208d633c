import { useMemo, useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Select, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { canWriteConfig, dashboardName, sameNameSerials, type DeviceRow } from '@netloom/domain';
import { ConfigSyncBadge } from '@/components/config-sync-badge';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useNetworks } from '@/lib/get-networks';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { DEVICE_ACTIONS, useClaimDevice, useDeviceAction, type DeviceAction } from '@/features/devices/api/device-actions';
import { ClaimForm } from '@/features/devices/components/claim-form';
import { deviceColumns } from '@/features/devices/components/device-columns';
import { DeviceEmptyState } from '@/features/devices/components/device-empty-state';
import { cachedTableRow, DEVICE_CSV, shownWanColumns, type DeviceTableRow } from '@/features/devices/components/device-table-rows';

type InventoryRow = DeviceTableRow & {
  approval: 'Approved' | 'Pending' | 'Deactivated';
  group: string;
  configSync: DeviceRow['configSync'];
  /** Serials of the other devices that carry this one's name: the inventory warns of it. */
  sameName: string[];
  model: string | null;
  version: string | null;
};

/** A device in no group; also the filter's choice for those devices. */
const UNGROUPED = 'Ungrouped';
const ANY_GROUP = 'all';
const NO_GROUP = 'none';

const inGroup = (d: DeviceRow, filter: string) => filter === ANY_GROUP || (filter === NO_GROUP ? !d.network_id : d.network_id === filter);

const approvalColour = { Approved: 'green', Pending: 'yellow', Deactivated: 'gray' } as const;
const extraColumns: DataTableColumn<InventoryRow>[] = [
  {
    key: 'serial',
    header: 'Serial',
    render: (r) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{r.serial ?? '—'}</Text>
        {r.sameName.length > 0 && (
          <Badge color="yellow" variant="light" title={`Also the name of ${r.sameName.join(', ')}`}>
            Name reused
          </Badge>
        )}
      </Group>
    ),
  },
  {
    key: 'approval',
    header: 'Approval',
    render: (r) => (
      <Badge color={approvalColour[r.approval]} variant="light">
        {r.approval}
      </Badge>
    ),
  },
  { key: 'group', header: 'Device group' },
  { key: 'configSync', header: 'Configuration', render: (r) => <ConfigSyncBadge state={r.configSync} /> },
  { key: 'model', header: 'Model' },
  { key: 'version', header: 'Firmware' },
];

/** Which actions a selection allows: approve and reject only pending devices, and so on. */
function allowed(action: DeviceAction, d: DeviceRow): boolean {
  switch (action) {
    case 'approve':
    case 'reject':
      return !d.approved;
    case 'activate':
      return !d.active;
    case 'deactivate':
      return d.active;
    case 'restart':
      return d.approved && d.active && d.deviceType === 'gateway';
    case 'unclaim':
      return d.approved;
  }
}

/**
 * Organization › Inventory: every device of the tenant with its approval, configuration state,
 * model and firmware. Editors and up approve or reject pending devices and unclaim, activate,
 * deactivate or restart devices, one or many at once, after a confirmation.
 */
export function InventoryPage({ product }: { product: 'sdwan' | 'ztna' }) {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const devices = useFleetDevices(tid, null, product === 'ztna' ? 'endpoint' : 'device');
  const act = useDeviceAction();
  const [selected, setSelected] = useState<string[]>([]);
  const [claiming, setClaiming] = useState(false);
  const networks = useNetworks(tid);
  const [groupFilter, setGroupFilter] = useState<string>(ANY_GROUP);
  const claim = useClaimDevice();
  const timezone = user?.timezone ?? null;
  const groupNames = useMemo(() => new Map((networks.data ?? []).map((n) => [n.id, n.networkName])), [networks.data]);
  const rows = useMemo<InventoryRow[]>(
    () =>
      (devices.data ?? [])
        .filter((d) => inGroup(d, groupFilter))
        .map((d) => ({
          ...cachedTableRow(d, timezone),
          approval: !d.active ? 'Deactivated' : d.approved ? 'Approved' : 'Pending',
          group: (d.network_id && groupNames.get(d.network_id)) || UNGROUPED,
          configSync: d.configSync,
          sameName: sameNameSerials(d, devices.data ?? []),
          model: d.model,
          version: d.version,
        })),
    [devices.data, timezone, groupNames, groupFilter],
  );
  const columns = useMemo(
    () => [...(deviceColumns({ product, wanColumns: shownWanColumns(devices.data ?? [], false) }) as DataTableColumn<InventoryRow>[]), ...extraColumns],
    [product, devices.data],
  );
  if (!user) return null;
  const writer = canWriteConfig(user);
  const chosen = (devices.data ?? []).filter((d) => selected.includes(d.id));
  const pending = (devices.data ?? []).filter((d) => !d.approved).length;
  const run = async (action: DeviceAction) => {
    const targets = chosen.filter((d) => allowed(action, d));
    const what = DEVICE_ACTIONS[action];
    if (
      !(await confirm({ title: `${what.label} ${targets.length} device${targets.length === 1 ? '' : 's'}?`, message: targets.map((d) => d.name).join(', ') }))
    )
      return;
    const { done, failed } = await act.mutateAsync({ action, ids: targets.map((d) => d.id) });
    if (done) toast.info(`${done} device${done === 1 ? '' : 's'} ${what.done}`);
    if (failed.length) toast.error(`${failed.length} could not be ${what.done}`);
    setSelected([]);
  };

  return (
    <>
      <PageHeader
        title="Inventory"
        subtitle={`${dashboardName(product)} devices of the tenant`}
        actions={
          writer && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setClaiming(true)}>
              Claim device
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        {writer && (
          <Group mb="sm" gap="xs" data-testid="inventory-actions">
            <Text size="sm" c="dimmed" mr="sm">
              {selected.length ? `${selected.length} selected` : pending ? `${pending} waiting for approval` : 'Select devices to act on them'}
            </Text>
            {(Object.keys(DEVICE_ACTIONS) as DeviceAction[]).map((action) => {
              const n = chosen.filter((d) => allowed(action, d)).length;
              return (
                <Button
                  key={action}
                  size="xs"
                  variant={action === 'approve' ? 'filled' : 'default'}
                  color={action === 'reject' || action === 'unclaim' ? 'red' : undefined}
                  disabled={n === 0}
                  loading={act.isPending}
                  onClick={() => void run(action)}
                >
                  {DEVICE_ACTIONS[action].label}
                  {n ? ` (${n})` : ''}
                </Button>
              );
            })}
          </Group>
        )}
        <Select
          label="Device group"
          w={240}
          mb="sm"
          allowDeselect={false}
          data={[
            { value: ANY_GROUP, label: 'All device groups' },
            ...(networks.data ?? []).map((n) => ({ value: n.id, label: n.networkName })),
            { value: NO_GROUP, label: UNGROUPED },
          ]}
          value={groupFilter}
          onChange={(v) => setGroupFilter(v ?? ANY_GROUP)}
        />
        {devices.isError ? (
          <ErrorPanel onRetry={() => void devices.refetch()} />
        ) : (
          <DataTable
            label="Inventory"
            columns={columns}
            rows={rows}
            loading={devices.isLoading}
            timezone={timezone}
            options={{ search: true, sort: true, paging: true, download: true }}
            csv={{ title: 'inventory', titles: DEVICE_CSV.titles, keys: DEVICE_CSV.keys }}
            selection={writer ? { header: 'Select', selectedIds: selected, onChange: setSelected } : undefined}
            emptyState={<DeviceEmptyState product={product} />}
          />
        )}
      </Paper>
      <Modal opened={claiming} onClose={() => setClaiming(false)} withCloseButton={false} centered>
        <ModalHeader title="Claim device" onClose={() => setClaiming(false)} />
        {claiming && (
          <ClaimForm
            kind={product === 'ztna' ? 'endpoint' : 'gateway'}
            devices={devices.data ?? []}
            onCancel={() => setClaiming(false)}
            onSubmit={async (body) => {
              await claim.mutateAsync(body);
              toast.success('Device');
              setClaiming(false);
            }}
          />
        )}
      </Modal>
    </>
  );
}
