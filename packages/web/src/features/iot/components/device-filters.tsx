import { Group, Select } from '@mantine/core';
import { IOT_HEALTH_STATES } from '@netloom/domain';
import type { useDeviceFilters } from '@/features/iot/hooks/use-device-filters';
import { FilterText } from './filter-text';
import { CLASS_OPTIONS, HEALTH_LOOK } from './iot-labels';

type Filters = ReturnType<typeof useDeviceFilters>;

const HEALTH_OPTIONS = [...IOT_HEALTH_STATES.map((s) => ({ value: s, label: HEALTH_LOOK[s].label })), { value: 'battery_low', label: 'Battery low' }];

interface DeviceFiltersProps {
  filters: Filters;
  gateways: readonly { value: string; label: string }[];
  vendors: readonly string[];
}

/**
 * The device list's filters, each kept in the URL. The API filters by vendor through its search
 * (which matches the vendor's name), so choosing a vendor searches for its full name.
 */
export function DeviceFilters({ filters, gateways, vendors }: DeviceFiltersProps) {
  const { query, update, searchText } = filters;
  const vendor = vendors.includes(searchText) ? searchText : null;
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
        value={vendor}
        onChange={(v) => update({ search: v })}
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
      <FilterText label="Search MAC, address, name or vendor" value={vendor ? '' : searchText} width={260} onApply={(v) => update({ search: v || null })} />
    </Group>
  );
}
