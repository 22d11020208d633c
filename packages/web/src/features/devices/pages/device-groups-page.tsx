import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { canWriteConfig, type Network, type ProductKey } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { paths } from '@/paths';
import { useCreateNetwork } from '@/features/devices/api/create-network';
import { useDeleteNetwork } from '@/features/devices/api/network-writes';
import { useNetworks } from '@/lib/get-networks';
import { NetworkForm } from '@/features/devices/components/network-form';

const columns: DataTableColumn<Network>[] = [
  { key: 'networkName', header: 'Device Group' },
  { key: 'devices', header: 'Devices' },
];

/** Network / Device Groups and Network → Configure (spec 000 §2.15–2.16): the tenant's groups; editors and up create them. */
export function DeviceGroupsPage({ product }: { product: ProductKey }) {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const networks = useNetworks(tid);
  const create = useCreateNetwork();
  const remove = useDeleteNetwork();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  if (!user) return null;
  const writer = canWriteConfig(user);
  const open = () => setCreating(true);
  const close = () => setCreating(false);
  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={open}>
      Create device group
    </Button>
  );

  return (
    <>
      <PageHeader title="Network / Device Groups" subtitle="Gateways grouped to narrow the dashboard and the device list" actions={writer && createButton} />
      <Paper withBorder p="md">
        {networks.isError ? (
          <ErrorPanel onRetry={() => void networks.refetch()} />
        ) : (
          <DataTable
            label="Device groups"
            columns={columns}
            rows={networks.data ?? []}
            loading={networks.isLoading}
            timezone={user.timezone}
            options={{ search: true, sort: true, paging: true }}
            onView={(n) => void navigate(paths.product.deviceGroup(product, n.id))}
            onDelete={
              writer
                ? (n) =>
                    void remove.mutateAsync(n.id).then(
                      () => toast.deleted('Device group'),
                      () => toast.error(),
                    )
                : undefined
            }
            emptyState={
              writer ? (
                <EmptyState title="Create your First Network" description="Group gateways to look at them together." action={createButton} />
              ) : (
                <EmptyState title="No Device Groups yet" description="Editors, admins and owners create device groups." />
              )
            }
          />
        )}
      </Paper>
      <Modal opened={creating} onClose={close} withCloseButton={false} centered>
        <ModalHeader title="Create device group" onClose={close} />
        <NetworkForm
          onCancel={close}
          onSubmit={async (v) => {
            await create.mutateAsync(v);
            toast.success('Device group');
            close();
          }}
        />
      </Modal>
    </>
  );
}
