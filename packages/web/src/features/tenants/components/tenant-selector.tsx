import { Select } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useSelectedTenant } from '@/lib/tenant-selection';
import { useTenants } from '@/features/tenants/api/get-tenants';
import { useSwitchTenant } from '@/features/tenants/api/use-switch-tenant';

/** Header tenant selector of a super admin (spec 000 §2.14). */
export function TenantSelector() {
  const selected = useSelectedTenant();
  const tenants = useTenants();
  const switchTenant = useSwitchTenant();
  const data = (tenants.data?.results ?? []).map((t) => ({ value: t.id, label: t.tenantname }));
  // Until the list arrives, keep showing the stored choice.
  if (selected && !data.some((d) => d.value === selected.id)) data.unshift({ value: selected.id, label: selected.tenantname });

  return (
    <Select
      aria-label="Select tenant"
      placeholder={tenants.isLoading ? 'Loading tenants…' : 'Select tenant'}
      data={data}
      value={selected?.id ?? null}
      searchable
      nothingFoundMessage="No tenant found"
      leftSection={<IconBuilding size={16} />}
      w={220}
      size="sm"
      allowDeselect={false}
      onChange={(id) => {
        const t = tenants.data?.results.find((r) => r.id === id);
        if (t && t.id !== selected?.id) void switchTenant(t);
      }}
    />
  );
}
