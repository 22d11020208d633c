import { Group, Select } from '@mantine/core';
import { MITRE_TACTICS, NDR_SEVERITIES, NDR_TRIAGE_STATUSES } from '@netloom/domain';
import type { useDetectionFilters } from '@/features/ndr/hooks/use-detection-filters';
import { FilterText } from './filter-text';
import { SEVERITY_LOOK, STATUS_LOOK } from './ndr-labels';
import { NdrWindowPicker } from './window-picker';

type Filters = ReturnType<typeof useDetectionFilters>;

/** The detection list's filters, each kept in the URL. */
export function DetectionFilters({ filters, rules }: { filters: Filters; rules: readonly { id: string; name: string }[] }) {
  const { query, update } = filters;
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <NdrWindowPicker value={query.window} onChange={(w) => update({ window: w })} />
      <Select
        aria-label="Severity"
        placeholder="Any severity"
        size="xs"
        w={140}
        clearable
        data={NDR_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LOOK[s].label }))}
        value={query.severity ?? null}
        onChange={(v) => update({ severity: v })}
      />
      <Select
        aria-label="Status"
        placeholder="Any status"
        size="xs"
        w={150}
        clearable
        data={NDR_TRIAGE_STATUSES.map((s) => ({ value: s, label: STATUS_LOOK[s].label }))}
        value={query.status ?? null}
        onChange={(v) => update({ status: v })}
      />
      <Select
        aria-label="ATT&CK tactic"
        placeholder="Any tactic"
        size="xs"
        w={200}
        clearable
        searchable
        data={MITRE_TACTICS.map((t) => ({ value: t.id, label: `${t.name} (${t.id})` }))}
        value={query.tactic ?? null}
        onChange={(v) => update({ tactic: v })}
      />
      <Select
        aria-label="Rule"
        placeholder="Any rule"
        size="xs"
        w={200}
        clearable
        searchable
        data={rules.map((r) => ({ value: r.id, label: r.name }))}
        value={query.rule_id ?? null}
        onChange={(v) => update({ rule_id: v })}
      />
      <FilterText label="Host address" value={filters.hostText} width={140} onApply={(v) => update({ host: v })} />
    </Group>
  );
}
