import { Group, Select } from '@mantine/core';
import { WAF_ACTIONS, WAF_CATEGORIES } from '@netloom/domain';
import type { useWafFilters } from '@/features/waf/hooks/use-waf-filters';
import { ACTION_LOOK } from './action-badge';
import { ApplicationFilter } from './application-filter';
import { FilterText } from './filter-text';
import { WindowPicker } from './window-picker';

type Filters = ReturnType<typeof useWafFilters>;

/** The attack list's filters, each kept in the URL. */
export function AttackFilters({ filters }: { filters: Filters }) {
  const { get, update } = filters;
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <WindowPicker value={filters.windowKey} onChange={(w) => update({ window: w })} />
      <ApplicationFilter filters={filters} />
      <Select
        aria-label="Action"
        placeholder="Any action"
        size="xs"
        w={140}
        clearable
        data={WAF_ACTIONS.map((a) => ({ value: a, label: ACTION_LOOK[a].label }))}
        value={get('action') ?? null}
        onChange={(v) => update({ action: v })}
      />
      <Select
        aria-label="Category"
        placeholder="Any category"
        size="xs"
        w={140}
        clearable
        data={[...WAF_CATEGORIES]}
        value={get('category') ?? null}
        onChange={(v) => update({ category: v })}
      />
      <FilterText label="Client IP" value={get('client_ip') ?? ''} width={130} onApply={(v) => update({ client_ip: v })} />
      <FilterText label="Rule id" value={get('rule_id') ?? ''} width={100} onApply={(v) => update({ rule_id: v })} />
      <FilterText label="Search path or host" value={get('search') ?? ''} width={200} onApply={(v) => update({ search: v })} />
    </Group>
  );
}
