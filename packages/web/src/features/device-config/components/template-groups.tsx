import { Switch, Table, Text } from '@mantine/core';
import type { Network } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { useNetworks } from '@/lib/get-networks';
import { useTenantScope } from '@/lib/tenant-scope';
import { useBinding, useSaveBinding } from '@/features/device-config/api/templates';

/** Which device groups use the template; turning one on adds it last to the group's templates and pushes the group. */
export function TemplateGroups({ templateId, writer, onPushed }: { templateId: string; writer: boolean; onPushed: (operationId: string) => void }) {
  const networks = useNetworks(useTenantScope());
  if (!networks.data?.length) return <Text c="dimmed">No device groups yet. Create one under Network / Device Groups.</Text>;
  return (
    <Table withTableBorder aria-label="Device groups using the template" maw={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Device group</Table.Th>
          <Table.Th>Devices</Table.Th>
          <Table.Th>Uses this template</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {networks.data.map((n) => (
          <GroupRow key={n.id} network={n} templateId={templateId} writer={writer} onPushed={onPushed} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function GroupRow({ network, templateId, writer, onPushed }: { network: Network; templateId: string; writer: boolean; onPushed: (id: string) => void }) {
  const binding = useBinding('network', network.id);
  const save = useSaveBinding('network', network.id);
  const ids = binding.data?.template_ids ?? [];
  const on = ids.includes(templateId);
  return (
    <Table.Tr>
      <Table.Td>{network.networkName}</Table.Td>
      <Table.Td>{network.devices}</Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${network.networkName} uses this template`}
          checked={on}
          disabled={!writer || !binding.data || save.isPending}
          onChange={(e) => {
            const next = e.currentTarget.checked ? [...ids, templateId] : ids.filter((i) => i !== templateId);
            save.mutateAsync({ template_ids: next, variables: binding.data!.variables }).then(
              (saved) => {
                toast.success('Device group templates', 'edited');
                if (saved.operation_id) onPushed(saved.operation_id);
              },
              () => toast.error(),
            );
          }}
        />
      </Table.Td>
    </Table.Tr>
  );
}
