import { Select } from '@mantine/core';
import { IconSitemap } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ALL_DEVICE_GROUPS } from '@netloom/domain';
import { paths } from '@/paths';
import { fleetSelection, useSelectedNetwork } from '@/lib/fleet-selection';
import { useNetworks } from '@/lib/get-networks';

/**
 * SD-WAN device group selector (spec 000 §2.14, §4 "Network selection"): choosing a group stores
 * it, forgets the selected device and opens the SD-WAN dashboard for that group.
 */
export function DeviceGroupSelector({ tenantId }: { tenantId: string }) {
  const navigate = useNavigate();
  const selected = useSelectedNetwork();
  const networks = useNetworks(tenantId);
  const data = [
    { value: ALL_DEVICE_GROUPS.id, label: ALL_DEVICE_GROUPS.networkName },
    ...(networks.data ?? []).map((n) => ({ value: n.id, label: n.networkName })),
  ];
  // Until the list arrives, keep showing the stored choice.
  if (selected && !data.some((d) => d.value === selected.id)) data.push({ value: selected.id, label: selected.networkName });

  return (
    <Select
      aria-label="Select device group"
      data={data}
      value={selected?.id ?? ALL_DEVICE_GROUPS.id}
      searchable={data.length > 4}
      nothingFoundMessage="No Matching Result(s)."
      allowDeselect={false}
      leftSection={<IconSitemap size={16} />}
      w={200}
      size="sm"
      onChange={(id) => {
        if ((id ?? '') === (selected?.id ?? '')) return;
        const group = networks.data?.find((n) => n.id === id);
        fleetSelection.selectNetwork(group ? { id: group.id, networkName: group.networkName } : null);
        navigate(paths.product.dashboard('sdwan'));
      }}
    />
  );
}
