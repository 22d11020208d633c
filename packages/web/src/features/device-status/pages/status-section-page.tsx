import { useState } from 'react';
import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { StatusSnapshot } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { GatewayPicker, useStatusDevice } from '@/components/gateway-picker';
import { ReportedAge } from '@/features/device-status/components/reported-age';
import { IdsCounters } from '@/features/device-status/components/ids-counters';
import { RoutedTabs, useRoutedTab } from '@/components/routed-tabs';
import { useFreshSnapshot } from '@/features/device-status/hooks/use-fresh-snapshot';
import { STATUS_SECTIONS, type Row, type StatusSectionKey, type StatusTab } from './status-sections';

/**
 * A gateway monitor section (spec 000 §2.15 `sdwan/device/status/<section>/<tab>`): each tab is
 * what the gateway reports of one kind. Opening a tab or pressing Refresh asks the gateway for a
 * fresh snapshot; the page says how old what it shows is.
 */
export function StatusSectionPage({ section }: { section: StatusSectionKey }) {
  const user = useCurrentUser();
  const deviceId = useStatusDevice();
  const { title, subtitle, tabs } = STATUS_SECTIONS[section];
  const { tab, open } = useRoutedTab<StatusTab>(tabs);
  const { status, at, snapshot, waiting, ask } = useFreshSnapshot(deviceId, tab.kind);
  if (!user) return null;
  const content = status.isError ? (
    <ErrorPanel onRetry={() => void status.refetch()} />
  ) : !at && !waiting ? (
    <EmptyState title="No Status Available" description="The gateway has not reported this yet. Refresh asks it again." />
  ) : snapshot && switchedOff(snapshot) ? (
    <EmptyState {...switchedOff(snapshot)!} />
  ) : (
    <Stack gap="xs">
      {snapshot && <UrlFilterSettings snapshot={snapshot} />}
      {snapshot && <IdsCounters snapshot={snapshot} />}
      <SnapshotTable key={tab.route} tab={tab} rows={(snapshot?.entries ?? []) as Row[]} loading={!at} timezone={user.timezone} />
    </Stack>
  );

  return (
    <>
      <ConfigPageHeader title={title} subtitle={subtitle} onRefresh={ask} refreshing={waiting} />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <GatewayPicker deviceId={deviceId} />
            <ReportedAge at={at} />
          </Group>
          {!deviceId ? (
            <EmptyState title="Please Select Device" description="Choose a gateway to see what it reports." />
          ) : tabs.length > 1 ? (
            <RoutedTabs tabs={tabs} value={tab.route} onChange={open}>
              {content}
            </RoutedTabs>
          ) : (
            content
          )}
        </Stack>
      </Paper>
    </>
  );
}

/** The tab's rows, narrowed by its filter when it has one (logs by level). */
function SnapshotTable({ tab, rows, loading, timezone }: { tab: StatusTab; rows: Row[]; loading: boolean; timezone: string | null }) {
  const [only, setOnly] = useState<string | null>(null);
  const shown = tab.filter && only ? rows.filter((r) => r[tab.filter!.key] === only) : rows;
  return (
    <Stack gap="sm">
      {tab.filter && (
        <Select
          label={tab.filter.label}
          placeholder="All"
          clearable
          w={200}
          data={tab.filter.options.map((o) => ({ value: o, label: o }))}
          value={only}
          onChange={setOnly}
        />
      )}
      <DataTable
        label={tab.label}
        columns={tab.columns}
        rows={shown}
        loading={loading}
        timezone={timezone}
        options={{ search: true, sort: true, paging: true, download: true }}
      />
    </Stack>
  );
}

/**
 * What the running URL filter does when no policy decides, and how many policies it holds (older
 * agents do not say); and where and how the gateway's own filter (URL Filtering) runs.
 */
function UrlFilterSettings({ snapshot }: { snapshot: StatusSnapshot }) {
  if (snapshot.kind !== 'url_filter') return null;
  const policies = snapshot.policies ?? 0;
  const own = snapshot.gateway;
  return (
    <>
      {snapshot.default_action && (
        <Text size="sm">
          URL filtering is on · Default action: {snapshot.default_action === 'block' ? 'Block' : 'Allow'} · {policies} {policies === 1 ? 'policy' : 'policies'}
        </Text>
      )}
      {own && (
        <Text size="sm">
          Content Filtering runs on {own.interfaces.join(', ')} · SafeSearch {own.safesearch ? 'enforced' : 'not enforced'} · Allowed visits{' '}
          {own.log_allowed ? 'logged' : 'not logged'}
        </Text>
      )}
    </>
  );
}

/** A URL filter or an IDS/IPS engine the gateway runs without: nothing to tabulate, and the page says why. */
function switchedOff(snapshot: StatusSnapshot): { title: string; description: string } | null {
  if (snapshot.kind === 'url_filter' && !snapshot.enabled)
    return {
      title: 'URL filtering is off',
      description: 'The gateway filters no web traffic: its configuration has no URL filter, or the filter is switched off.',
    };
  if (snapshot.kind === 'ids' && snapshot.mode === 'off')
    return { title: 'Intrusion detection is off', description: 'The gateway inspects no traffic: its configuration has no IDS/IPS, or its mode is off.' };
  return null;
}
