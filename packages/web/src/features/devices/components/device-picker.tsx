import { useMemo, useState } from 'react';
import { Button, Combobox, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconChevronDown, IconDevices, IconSearch } from '@tabler/icons-react';
import { DEVICE_BUTTON_NAME_MAX, deviceLabels, effectiveStatus, sameNameSerials, shortDeviceLabel, statusLabel, type DeviceRow } from '@netloom/domain';
import { useChooseDevice, useSelectedDevice, useSelectedNetworkId } from '@/lib/fleet-selection';
import { fleetDevicesQueryOptions, useFleetDevices } from '@/lib/live/get-fleet-devices';

// Spec 001 §9: the device list is at most 31.25rem tall.
const LIST_MAX_HEIGHT = '31.25rem';

/** Header device dropdown (spec 000 §2.19): searchable, the chosen name cut at 10 characters. */
export function DevicePicker({ product, tenantId }: { product: 'sdwan' | 'ztna'; tenantId: string }) {
  const chooseDevice = useChooseDevice(product);
  const selected = useSelectedDevice();
  const groupId = useSelectedNetworkId();
  const qc = useQueryClient();
  const fleet: FleetOf = [tenantId, product === 'sdwan' ? groupId : null, product === 'ztna' ? 'endpoint' : 'device'];
  const [search, setSearch] = useState('');
  // Where the chosen device's name is another's too, its serial says which; `select` keeps the
  // closed picker from re-rendering on every live update of the fleet (only this value matters).
  const chosenSerial =
    useQuery({ ...fleetDevicesQueryOptions(...fleet), select: (rows) => (selected ? serialIfNameShared(rows, selected.id) : null) }).data ?? null;
  const chosenLabel = selected ? (chosenSerial ? `${selected.name} · ${chosenSerial}` : selected.name) : null;
  const shown = chosenLabel ? shortDeviceLabel(chosenLabel, chosenSerial, DEVICE_BUTTON_NAME_MAX) : null;
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });

  const choose = (id: string) => {
    const device = qc.getQueryData(fleetDevicesQueryOptions(...fleet).queryKey)?.find((d) => d.id === id);
    combobox.closeDropdown();
    if (device) chooseDevice(device);
  };

  return (
    <Combobox store={combobox} width={280} position="bottom-start" onOptionSubmit={choose}>
      <Combobox.Target withAriaAttributes={false}>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDevices size={16} />}
          rightSection={<IconChevronDown size={14} />}
          onClick={() => combobox.toggleDropdown()}
          // Holds the visible text (WCAG 2.5.3) and the full name the button may shorten.
          aria-label={chosenLabel ? `Select device: ${shown} (${chosenLabel})` : 'Select device'}
          title={chosenLabel ?? undefined}
        >
          {shown ?? 'Select Device'}
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder="Search devices"
          aria-label="Search devices"
          leftSection={<IconSearch size={14} />}
        />
        {/* Only an open list follows the fleet: closed, the live updates do not re-render the header. */}
        {combobox.dropdownOpened && <DeviceOptions fleet={fleet} search={search} selectedId={selected?.id} />}
      </Combobox.Dropdown>
    </Combobox>
  );
}

type FleetOf = Parameters<typeof useFleetDevices>;

function serialIfNameShared(rows: readonly DeviceRow[], id: string): string | null {
  const device = rows.find((d) => d.id === id);
  return device && sameNameSerials(device, rows).length > 0 ? device.serial : null;
}

function DeviceOptions({ fleet, search, selectedId }: { fleet: FleetOf; search: string; selectedId?: string }) {
  const devices = useFleetDevices(...fleet);
  const term = search.trim().toLowerCase();
  // Two devices of one name read 'branch · SN-1' and 'branch · SN-2', and a serial typed finds its device.
  const labels = useMemo(() => deviceLabels(devices.data ?? []), [devices.data]);
  const labelOf = (d: DeviceRow) => labels.get(d.id) ?? d.name;
  const options = (devices.data ?? []).filter((d) => labelOf(d).toLowerCase().includes(term));
  return (
    <Combobox.Options aria-label="Devices">
      <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="scroll">
        {devices.isPending && <Combobox.Empty>Loading…</Combobox.Empty>}
        {!devices.isPending && options.length === 0 && <Combobox.Empty>No Matching Result(s).</Combobox.Empty>}
        {options.map((d) => (
          <Combobox.Option value={d.id} key={d.id} active={d.id === selectedId}>
            <Text size="sm">{labelOf(d)}</Text>
            <Text size="xs" c="dimmed">
              {statusLabel(effectiveStatus(d))}
            </Text>
          </Combobox.Option>
        ))}
      </ScrollArea.Autosize>
    </Combobox.Options>
  );
}
