import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import { canWriteConfig, type StaticRoute } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { toast } from '@/components/feedback/toast';
import { ApiError, isApiError } from '@/lib/http/api-error';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useDeviceConfig, useSaveDeviceConfig } from '@/features/device-config/api/device-config';
import { RevisionHistory } from '@/features/device-config/components/revision-history';
import { StaticRouteForm, type StaticRouteFormValues } from '@/features/device-config/components/static-route-form';
import { SyncBadge } from '@/features/device-config/components/sync-badge';

const columns: DataTableColumn<StaticRoute>[] = [
  { key: 'name', header: 'Name' },
  { key: 'destination', header: 'Destination', type: 'ip' },
  { key: 'gateway', header: 'Gateway', type: 'ip' },
  { key: 'interface', header: 'Interface' },
  { key: 'metric', header: 'Metric' },
];

/** The server names a field of the whole document (document.static_routes.2.gateway); the form shows it under its own field. */
function forRoute(e: unknown, index: number): unknown {
  if (!isApiError(e) || !e.errors) return e;
  const prefix = `document.static_routes.${index}.`;
  const errors = Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k.startsWith(prefix) ? k.slice(prefix.length) : k, v]));
  return new ApiError({ status: e.status, code: e.code, detail: e.detail, errors });
}

/** SD-WAN → Configure → Static Routes (spec 000 §2.15) of one gateway: each change is a revision pushed to it. */
export function StaticRoutesPage() {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const [params, setParams] = useSearchParams();
  const deviceId = params.get('device');
  const gateways = useFleetDevices(tid, null, 'device');
  const config = useDeviceConfig(deviceId);
  const save = useSaveDeviceConfig(deviceId ?? '');
  const [editing, setEditing] = useState<{ index: number; route?: StaticRoute } | null>(null);
  const [history, setHistory] = useState(false);
  if (!user) return null;
  const writer = canWriteConfig(user);
  const routes = config.data?.document.static_routes ?? [];

  const saveRoutes = async (next: StaticRoute[], index: number) => {
    try {
      return await save.mutateAsync({ ...config.data!.document, static_routes: next });
    } catch (e) {
      throw forRoute(e, index);
    }
  };
  const submit = async (v: StaticRouteFormValues) => {
    const at = editing!;
    const route: StaticRoute = { ...v, id: at.route?.id ?? crypto.randomUUID() };
    const next = at.route ? routes.map((r, i) => (i === at.index ? route : r)) : [...routes, route];
    await saveRoutes(next, at.index);
    toast.success('Static route', at.route ? 'edited' : 'added');
    setEditing(null);
  };
  const remove = async (route: StaticRoute) => {
    await saveRoutes(
      routes.filter((r) => r.id !== route.id),
      -1,
    ).then(
      () => toast.deleted('Static route'),
      () => toast.error(),
    );
  };
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ index: routes.length })} disabled={!config.data}>
      Add static route
    </Button>
  );

  return (
    <>
      <ConfigPageHeader
        title="Static Routes"
        subtitle="Routes a gateway takes to networks beyond its own"
        onRefresh={() => void config.refetch()}
        refreshing={config.isFetching}
        actions={
          deviceId && (
            <>
              <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setHistory(true)}>
                History
              </Button>
              {writer && addButton}
            </>
          )
        }
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Select
              label="Gateway"
              placeholder="Choose a gateway"
              searchable
              w={320}
              data={(gateways.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
              value={deviceId}
              onChange={(id) => setParams(id ? { device: id } : {})}
            />
            {config.data && (
              <Stack gap={2} align="flex-end">
                <SyncBadge sync={config.data.sync} />
                {config.data.revision && (
                  <Text size="xs" c="dimmed">
                    Revision {config.data.revision.number} by {config.data.revision.author_email ?? 'unknown'}
                  </Text>
                )}
              </Stack>
            )}
          </Group>
          {!deviceId ? (
            <EmptyState title="Choose a gateway" description="Its static routes show here." />
          ) : config.isError ? (
            <ErrorPanel onRetry={() => void config.refetch()} />
          ) : (
            <DataTable
              label="Static routes"
              columns={columns}
              rows={routes}
              loading={config.isLoading}
              timezone={user.timezone}
              options={{ search: true, sort: true, paging: true }}
              onEdit={writer ? (route) => setEditing({ index: routes.indexOf(route), route }) : undefined}
              onDelete={writer ? (route) => void remove(route) : undefined}
              emptyState={
                writer ? (
                  <EmptyState title="Create your First Configuration" description="Add a static route; it is pushed to the gateway." action={addButton} />
                ) : (
                  <EmptyState title="No static routes" description="Editors, admins and owners add them." />
                )
              }
            />
          )}
        </Stack>
      </Paper>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} withCloseButton={false} centered>
        <ModalHeader title={editing?.route ? 'Edit static route' : 'Add static route'} onClose={() => setEditing(null)} />
        {editing && <StaticRouteForm initial={editing.route} onSubmit={submit} onCancel={() => setEditing(null)} />}
      </Modal>
      {deviceId && <RevisionHistory deviceId={deviceId} opened={history} onClose={() => setHistory(false)} writer={writer} timezone={user.timezone} />}
    </>
  );
}
