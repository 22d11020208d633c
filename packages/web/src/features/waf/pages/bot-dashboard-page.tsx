import { useMemo } from 'react';
import { Badge, Grid, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BotClass, BotSignal, WafBotSummary } from '@netloom/domain';
import { PieChart } from '@/components/charts/pie-chart';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { useWafBots } from '@/features/waf/api/get-waf-bots';
import { BotSettingsPanel } from '@/features/waf/components/bot-settings-panel';
import { TopList } from '@/features/waf/components/top-list';
import { WindowPicker } from '@/features/waf/components/window-picker';
import { useWafFilters } from '@/features/waf/hooks/use-waf-filters';
import { FigureTile } from '@/features/waf/components/figure-tile';

const CLASS_LOOK: Record<BotClass, { label: string; color: string }> = {
  human: { label: 'Human', color: 'green' },
  verified_bot: { label: 'Verified bot', color: 'blue' },
  likely_bot: { label: 'Likely bot', color: 'orange' },
  automated: { label: 'Automated', color: 'red' },
};

/** What each signal says of a client, as the table shows it. */
const SIGNAL_LABEL: Record<BotSignal, string> = {
  no_user_agent: 'No user agent',
  automation_tool: 'Automation tool',
  headless: 'Headless browser',
  crawler: 'Crawler',
  verified_ranges: 'In published ranges',
  verified_rdns: 'Reverse DNS verified',
  impersonator: 'Impersonates a good bot',
  unknown_agent: 'Unknown user agent',
  failed_challenge: 'Never passed the challenge',
  regular_timing: 'Metronome-regular timing',
  high_rate: 'High request rate',
  no_accept_language: 'No Accept-Language',
  no_accept_encoding: 'No Accept-Encoding',
  client_hints_mismatch: 'Client hints contradict the user agent',
};

type ClientRow = WafBotSummary['clients'][number] & { id: string; why: string };

const columns: DataTableColumn<ClientRow>[] = [
  { key: 'client_ip', header: 'Client', type: 'ip' },
  {
    key: 'class',
    header: 'Class',
    render: (c) => (
      <Badge variant="light" color={CLASS_LOOK[c.class].color}>
        {CLASS_LOOK[c.class].label}
      </Badge>
    ),
  },
  { key: 'family', header: 'Family' },
  { key: 'why', header: 'Signals', width: '16rem' },
  { key: 'user_agent', header: 'User agent', width: '24rem' },
  { key: 'requests', header: 'Requests', rowAlign: 'right' },
  { key: 'errors', header: 'Errors', rowAlign: 'right' },
];

/**
 * QShield › Bot › Dashboard: who the edges' clients were in a window and the signals that marked
 * each. A browser is a person unless its headers, timing or rate show automation; a good bot is
 * verified by its published ranges or reverse DNS; scripts, scanners, headless browsers and clients
 * that never passed a challenge are automated. Below: what the edges do with each class.
 */
export function BotDashboardPage() {
  const filters = useWafFilters();
  const bots = useWafBots({ ...filters.range, application_id: filters.application_id, edge_id: filters.edge_id });
  return (
    <>
      <PageHeader
        title="Bot Dashboard"
        subtitle="The protected applications' traffic by kind of client"
        actions={<WindowPicker value={filters.windowKey} onChange={(w) => filters.update({ window: w })} />}
      />
      {bots.isError ? <ErrorPanel onRetry={() => void bots.refetch()} /> : bots.data ? <BotBody bots={bots.data} /> : <CardSkeleton height={400} />}
    </>
  );
}

function BotBody({ bots }: { bots: WafBotSummary }) {
  const byClass = useMemo(() => bots.by_class.map((c) => ({ name: CLASS_LOOK[c.key].label, value: c.requests })), [bots.by_class]);
  const rows = useMemo(
    () => bots.clients.map((c) => ({ ...c, id: `${c.client_ip} ${c.user_agent ?? ''}`, why: c.signals.map((s) => SIGNAL_LABEL[s]).join(', ') })),
    [bots.clients],
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, lg: 4 }}>
        {bots.by_class.map((c) => (
          <FigureTile key={c.key} label={CLASS_LOOK[c.key].label} value={c.requests} color={CLASS_LOOK[c.key].color}>
            <Text size="xs" c="dimmed">
              {c.clients.toLocaleString()} client{c.clients === 1 ? '' : 's'}
            </Text>
          </FigureTile>
        ))}
      </SimpleGrid>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md">
            <PieChart title="Requests by class" data={byClass} donut />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md">
            <TopList
              title="Top families"
              keyHeader="Browser, crawler or tool"
              countHeader="Requests"
              rows={bots.by_family.map((f) => ({ key: f.key, message: CLASS_LOOK[f.class].label, count: f.requests }))}
            />
          </Paper>
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <TopList
            title="Top bot networks"
            keyHeader="Network"
            countHeader="Requests"
            rows={bots.by_network.map((n) => ({ key: n.key, message: `${n.clients} client${n.clients === 1 ? '' : 's'}`, count: n.requests }))}
          />
        </Paper>
        <Paper withBorder p="md">
          <TopList
            title="Top bot-hit paths"
            keyHeader="Path"
            countHeader="Requests"
            rows={bots.top_bot_paths.map((p) => ({ key: p.key, count: p.requests }))}
          />
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md">
        <DataTable
          label="Bot clients"
          columns={columns}
          rows={rows}
          options={{ search: true, sort: true, paging: true, download: true }}
          csv={{ title: 'bot-clients' }}
        />
      </Paper>
      <BotSettingsPanel />
    </Stack>
  );
}
