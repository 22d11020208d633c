import { Select } from '@mantine/core';
import { useWafApplications } from '@/features/waf/api/get-waf-applications';
import { ALL, type useWafFilters } from '@/features/waf/hooks/use-waf-filters';

/** An analytics page's application filter, kept in the URL: cleared, it shows every application (not the header's choice). */
export function ApplicationFilter({ filters }: { filters: ReturnType<typeof useWafFilters> }) {
  const applications = useWafApplications();
  return (
    <Select
      aria-label="Application"
      placeholder="All applications"
      size="xs"
      w={200}
      clearable
      data={(applications.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
      value={filters.application_id ?? null}
      onChange={(v) => filters.update({ application: v ?? ALL })}
    />
  );
}
