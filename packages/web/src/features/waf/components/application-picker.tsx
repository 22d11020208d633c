import { Select } from '@mantine/core';
import type { WafApplication } from '@netloom/domain';

/** Which application a policy page is about. */
export function ApplicationPicker({
  applications,
  value,
  onChange,
}: {
  applications: readonly WafApplication[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <Select
      label="Application"
      aria-label="Application"
      data={applications.map((a) => ({ value: a.id, label: a.domains[0] ? `${a.name} · ${a.domains[0]}` : a.name }))}
      value={value}
      onChange={(id) => id && onChange(id)}
      allowDeselect={false}
      searchable={applications.length > 4}
      nothingFoundMessage="No Matching Result(s)."
      w={320}
    />
  );
}
