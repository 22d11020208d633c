import { useState } from 'react';
import { Group, Paper, SegmentedControl, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { canWriteConfig, WEBFILTER_RANGES, type WebFilterRange } from '@netloom/domain';
import type { z } from 'zod';
import type { urlDiscoveryRowSchema } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { LOG_PAGE_SIZES } from '@/components/logs/use-log-view';
import { LogPager } from '@/components/logs/log-pager';
import { useCurrentUser } from '@/lib/session/session-store';
import { useAvailableCategories } from '@/features/web-filter-analytics/api/get-available-categories';
import { useUrlDiscovery } from '@/features/web-filter-analytics/api/get-url-discovery';
import { DiscoveryRowActions } from './discovery-row-actions';
import { isWebFilterRange, RANGE_LABELS } from './webfilter-charts';

type UrlDiscoveryRow = z.infer<typeof urlDiscoveryRowSchema>;

// A week shows the domains worth a decision; an hour is for what is happening now.
const DEFAULT_WINDOW: WebFilterRange = '7d';

/** Window, search and page in the URL, so a reload or a shared link shows the same rows. */
function useDiscoveryView() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('window') ?? '';
  const size = Number(params.get('size'));
  const view = {
    start_time: isWebFilterRange(asked) ? asked : DEFAULT_WINDOW,
    page: Math.max(1, Number(params.get('page')) || 1),
    size: LOG_PAGE_SIZES.includes(String(size)) ? size : 25,
    search: params.get('q') ?? '',
  };
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch))
          if (v) next.set(k, v);
          else next.delete(k);
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { view, update };
}

/** Reports → URL discovery: domains no category knows, seen in the window, each one click from a category or the blocked list. */
export function UrlDiscoveryReport({ timezone }: { timezone: string | null }) {
  const user = useCurrentUser();
  const canWrite = user !== null && canWriteConfig(user);
  const { view, update } = useDiscoveryView();
  const [term, setTerm] = useState(view.search);
  const discovery = useUrlDiscovery({ ...view, search: view.search || undefined });
  const categories = useAvailableCategories(canWrite);
  const submit = () => term.trim() !== view.search && update({ q: term.trim() || null });

  const columns: DataTableColumn<UrlDiscoveryRow>[] = [
    { key: 'domain', header: 'Domain', width: '16rem' },
    { key: 'hits', header: 'Hits', rowAlign: 'right' },
    { key: 'users', header: 'Users', rowAlign: 'right' },
    { key: 'devices', header: 'Devices', rowAlign: 'right' },
    { key: 'blocked', header: 'Blocked', rowAlign: 'right' },
    { key: 'first_seen', header: 'First seen', type: 'date' },
    { key: 'last_seen', header: 'Last seen', type: 'date' },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: 'Actions',
            width: '18rem',
            render: (r: UrlDiscoveryRow) => <DiscoveryRowActions domain={r.domain} listed={r.listed} categories={categories.data ?? []} />,
          },
        ]
      : []),
  ];

  return (
    <Paper withBorder p="md">
      <Group mb="sm" justify="space-between">
        <TextInput
          aria-label="Search domains"
          placeholder="Search domain"
          leftSection={<IconSearch size={16} />}
          value={term}
          w={300}
          onChange={(e) => setTerm(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          onBlur={submit}
        />
        <SegmentedControl
          aria-label="Time range"
          data={WEBFILTER_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
          value={view.start_time}
          onChange={(v) => update({ window: v })}
        />
      </Group>
      {discovery.isError ? (
        <ErrorPanel onRetry={() => void discovery.refetch()} />
      ) : (
        <DataTable
          label="Discovered domains"
          data-testid="url-discovery-table"
          columns={columns}
          getRowId={(r) => r.domain}
          rows={discovery.data?.results ?? []}
          loading={discovery.isLoading}
          timezone={timezone}
          options={{ search: false, sort: false, download: false, paging: false }}
          emptyState={<EmptyState title="No uncategorised domains" description="Every domain seen in this window belongs to a category." />}
        />
      )}
      <LogPager
        count={discovery.data?.count}
        page={view.page}
        size={view.size}
        onPage={(p) => update({ page: String(p) })}
        onSize={(s) => update({ size: s })}
      />
    </Paper>
  );
}
