import { Select } from '@mantine/core';
import type { RumSite } from '@netloom/domain';

/** The site or app the page shows, among the tab's own. */
export function SitePicker({
  sites,
  value,
  label,
  onChange,
}: {
  sites: readonly RumSite[];
  value: string | null;
  label: string;
  onChange: (id: string) => void;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={label}
      size="xs"
      w={220}
      data={sites.map((s) => ({ value: s.id, label: s.name }))}
      value={value}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No Matching Result(s)."
      onChange={(id) => id && onChange(id)}
    />
  );
}
