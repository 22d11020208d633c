import { Group, Select } from '@mantine/core';
import { IOT_HEALTH_STATES, type IotDeviceSort } from '@netloom/domain';
import type { useDeviceFilters } from '@/features/iot/hooks/use-device-filters';
import { FilterText } from './filter-text';
import { CLASS_OPTIONS, HEALTH_LOOK } from './iot-labels';

type Filters = ReturnType<typeof useDeviceFilters>;

const HEALTH_OPTIONS = [
  ...IOT_HEALTH_STATES.map((s) => ({ value: s, label: HEALTH_LOOK[s].label })),
  { value: 'silent', label: 'Stale or offline' },
  { value: 'battery_low', label: 'Battery low' },
];
const DEVIATION_OPTIONS = [
  { value: 'true', label: 'Deviating from its profile' },
  { value: 'false', label: 'Within its profile' },
];
const SORT_OPTIONS: { value: IotDeviceSort; label: string }[] = [
  { value: 'last_seen', label: 'Most recently seen' },
  { value: 'first_seen', label: 'Newest' },
  { value: 'silent', label: 'Longest silent' },
  { value: 'deviations', label: 'Most deviations' },
];

interface DeviceFiltersProps {
  filters: Filters;
  gateways: readonly { value: string; label: string }[];
  vendors: readonly string[];
}

/** The device list's filters and order, each kept in the URL. */
export function DeviceFilters({ filters, gateways, vendors }: DeviceFiltersProps) {
  const { query, update, searchText } = filters;
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Select
        aria-label="Gateway"
        placeholder="Any gateway"
        size="xs"
        w={220}
        clearable
        searchable
        data={gateways}
        value={query.gateway_id ?? null}
        onChange={(v) => update({ gateway: v })}
      />
      <Select
        aria-label="Class"
        placeholder="Any class"
        size="xs"
        w={220}
        clearable
        searchable
        data={CLASS_OPTIONS}
        value={query.class ?? null}
        onChange={(v) => update({ class: v })}
      />
      <Select
        aria-label="Vendor"
        placeholder="Any vendor"
        size="xs"
        w={220}
        clearable
        searchable
        data={vendors}
        value={query.vendor ?? null}
        onChange={(v) => update({ vendor: v })}
      />
      <Select
        aria-label="Health"
        placeholder="Any health"
        size="xs"
        w={150}
        clearable
        data={HEALTH_OPTIONS}
        value={query.health ?? null}
        onChange={(v) => update({ health: v })}
      />
      <Select
        aria-label="Profile"
        placeholder="Any profile state"
        size="xs"
        w={200}
        clearable
        data={DEVIATION_OPTIONS}
        value={query.deviating ?? null}
        onChange={(v) => update({ deviating: v })}
      />
      <Select
        aria-label="Order"
        size="xs"
        w={180}
        data={SORT_OPTIONS}
        value={query.sort ?? 'last_seen'}
        onChange={(v) => update({ sort: v === 'last_seen' ? null : v })}
      />
      <FilterText label="Search MAC, address, name or vendor" value={searchText} width={260} onApply={(v) => update({ search: v || null })} />
    </Group>
  );
}
