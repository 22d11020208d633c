import { Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { canWriteConfig, isIPv4 } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { LogPager } from '@/components/logs/log-pager';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useNdrActions } from '@/features/ndr/api/get-ndr-actions';
import { ActionsTable } from '@/features/ndr/components/actions-table';
import { FilterText } from '@/features/ndr/components/filter-text';
import { DETECTION_PAGE_SIZES } from '@/features/ndr/hooks/use-detection-filters';

const STATES = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'In force' },
  { value: 'false', label: 'Undone' },
];

/** NDR › Response actions: the quarantines and blocks taken, the latest first, each undoable while in force. */
export function NdrActionsPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const state = params.get('active');
  const active = state === 'true' || state === 'false' ? state : undefined;
  const host = params.get('host') ?? '';
  const size = DETECTION_PAGE_SIZES.includes(params.get('size') ?? '') ? Number(params.get('size')) : 25;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const actions = useNdrActions({ ...(active ? { active } : {}), ...(isIPv4(host) ? { host } : {}), page, page_size: size });
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch))
          if (v && v !== 'all') next.set(k, v);
          else next.delete(k);
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader title="Response actions" subtitle="Hosts quarantined and destinations blocked on your gateways, pushed as configuration" />
      <Stack gap="md">
        <Group gap="xs">
          <SegmentedControl aria-label="State" size="xs" data={STATES} value={active ?? 'all'} onChange={(v) => update({ active: v })} />
          <FilterText label="Host address" value={host} width={140} onApply={(v) => update({ host: v })} />
        </Group>
        <Paper withBorder p="md">
          {actions.isError ? (
            <ErrorPanel onRetry={() => void actions.refetch()} />
          ) : (
            <ActionsTable
              actions={actions.data?.results ?? []}
              loading={actions.isLoading}
              timezone={user?.timezone ?? null}
              writer={user ? canWriteConfig(user) : false}
              withDetection
            />
          )}
          <LogPager count={actions.data?.count} page={page} size={size} onPage={(p) => update({ page: String(p) })} onSize={(s) => update({ size: s })} />
        </Paper>
      </Stack>
    </>
  );
}
