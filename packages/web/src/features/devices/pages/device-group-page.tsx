import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Badge, Button, Group, Modal, MultiSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { CONFIG_SYNC_STATES, canWriteConfig, type ConfigSyncState, deviceOptions } from '@netloom/domain';
import { CONFIG_SYNC_LOOK } from '@/components/config-sync-badge';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useNetworks } from '@/lib/get-networks';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useDeleteNetwork, useRenameNetwork, useSetNetworkMembers } from '@/features/devices/api/network-writes';
import { NetworkForm } from '@/features/devices/components/network-form';

export interface DeviceGroupPageProps {
  networkId: string;
  /** The group's templates, drawn by the configuration feature (composed by the route; SD-WAN only). */
  templates?: (writer: boolean) => ReactNode;
}

/** One device group: its gateways, how their configuration stands, its templates; rename and delete. */
export function DeviceGroupPage({ networkId, templates }: DeviceGroupPageProps) {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const navigate = useNavigate();
  const networks = useNetworks(tid);
  const members = useFleetDevices(tid, networkId, 'device');
  const gateways = useFleetDevices(tid, null, 'device');
  const rename = useRenameNetwork(networkId);
  const remove = useDeleteNetwork();
  const setMembers = useSetNetworkMembers(networkId);
  const [renaming, setRenaming] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => setChosen((members.data ?? []).map((d) => d.id)), [members.data]);
  if (!user) return null;
  const writer = canWriteConfig(user);
  const network = networks.data?.find((n) => n.id === networkId);
  if (networks.isError || members.isError) return <ErrorPanel onRetry={() => void networks.refetch()} />;
  const counts = Object.fromEntries(CONFIG_SYNC_STATES.map((s) => [s, 0])) as Record<ConfigSyncState, number>;
  for (const d of members.data ?? []) counts[d.configSync] += 1;

  return (
    <>
      <PageHeader
        title={network ? `Device group: ${network.networkName}` : 'Device group'}
        subtitle="Its gateways, their configuration and the templates they get"
        actions={
          writer && (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setRenaming(true)}>
                Rename
              </Button>
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={async () => {
                  if (!(await confirm({ title: 'Delete this device group?', message: 'Its gateways stay, in no group.' }))) return;
                  await remove.mutateAsync(networkId).then(
                    () => {
                      toast.deleted('Device group');
                      void navigate('..', { relative: 'path' });
                    },
                    () => toast.error(),
                  );
                }}
              >
                Delete
              </Button>
            </Group>
          )
        }
      />
      <Anchor component={Link} to=".." relative="path" size="sm" mb="sm" display="block">
        ← Device groups
      </Anchor>
      <Stack gap="md">
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            Configuration
          </Title>
          <Group gap="xs" data-testid="group-sync-summary">
            {CONFIG_SYNC_STATES.filter((k) => k === 'synced' || counts[k] > 0).map((k) => (
              <Badge key={k} color={CONFIG_SYNC_LOOK[k].color} variant="light">
                {k}: {counts[k]}
              </Badge>
            ))}
            <Text size="sm" c="dimmed">
              of {members.data?.length ?? 0} gateways
            </Text>
          </Group>
        </Paper>
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            Gateways
          </Title>
          <MultiSelect
            aria-label="Gateways of the group"
            data={deviceOptions(gateways.data ?? [])}
            value={chosen}
            onChange={setChosen}
            disabled={!writer}
            searchable
            placeholder="Add gateways"
          />
          {writer && (
            <Group justify="flex-end" mt="sm">
              <Button
                loading={setMembers.isPending}
                onClick={() =>
                  void setMembers.mutateAsync(chosen).then(
                    () => toast.success('Device group', 'edited'),
                    () => toast.error(),
                  )
                }
              >
                Save gateways
              </Button>
            </Group>
          )}
        </Paper>
        {templates && (
          <Paper withBorder p="md">
            <Title order={4} mb="sm">
              Templates
            </Title>
            {templates(writer)}
          </Paper>
        )}
      </Stack>
      <Modal opened={renaming} onClose={() => setRenaming(false)} withCloseButton={false} centered>
        <ModalHeader title="Rename device group" onClose={() => setRenaming(false)} />
        {renaming && network && (
          <NetworkForm
            initialName={network.networkName}
            onCancel={() => setRenaming(false)}
            onSubmit={async (v) => {
              await rename.mutateAsync(v);
              toast.success('Device group', 'edited');
              setRenaming(false);
            }}
          />
        )}
      </Modal>
    </>
  );
}
