import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { WafVulnerabilityRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useWafVulnerabilities } from '@/features/waf/api/get-waf-vulnerabilities';
import { ApplicationFilter } from '@/features/waf/components/application-filter';
import { WindowPicker } from '@/features/waf/components/window-picker';
import { LogFailure } from '@/features/waf/components/log-failure';
import { TestedFindings } from '@/features/waf/components/tested-findings';
import { useWafFilters } from '@/features/waf/hooks/use-waf-filters';

/** The attacks behind a row: the attack list filtered on its category, application and path. */
const attacksOf = (r: WafVulnerabilityRow) =>
  `${paths.waf.attacks}?${new URLSearchParams({ category: r.category, search: r.path, ...(r.application_id ? { application: r.application_id } : {}) }).toString()}`;

const COLUMNS: DataTableColumn<WafVulnerabilityRow>[] = [
  {
    key: 'label',
    header: 'Weakness',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {r.label}
        </Text>
        <Text size="xs" c="dimmed">
          {r.owasp}
        </Text>
      </Stack>
    ),
  },
  { key: 'application', header: 'Application', render: (r) => r.application ?? '—' },
  {
    key: 'path',
    header: 'Path',
    width: '14rem',
    render: (r) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {r.path}
      </Text>
    ),
  },
  {
    key: 'exposed',
    header: 'Status',
    render: (r) =>
      r.exposed ? (
        <Badge color="red" variant="light">
          Reached the application
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          Blocked at the edge
        </Badge>
      ),
  },
  {
    key: 'attempts',
    header: 'Attempts',
    rowAlign: 'right',
    render: (r) => (
      <Anchor component={Link} to={attacksOf(r)} size="sm">
        {r.attempts.toLocaleString()}
      </Anchor>
    ),
  },
  { key: 'detected', header: 'Got through', rowAlign: 'right' },
  { key: 'clients', header: 'Clients', rowAlign: 'right' },
  { key: 'rule_ids', header: 'Rules', render: (r) => r.rule_ids.join(', ') },
  { key: 'last_seen', header: 'Last seen', type: 'date' },
  { key: 'first_seen', header: 'First seen', type: 'date', visible: false },
  { key: 'hint', header: 'What to do', width: '18rem', render: (r) => <Text size="xs">{r.hint}</Text> },
];

/**
 * QShield › Events › Vulnerabilities: the weaknesses attackers look for on each path of each
 * application, from the edges' attack events: those whose attacks reached the application
 * (detection only) first, each with what to do and a link to the attacks behind it; and the
 * weaknesses found by testing (each application's newest vulnerability test).
 */
export function VulnerabilitiesPage() {
  const user = useCurrentUser();
  const filters = useWafFilters();
  const rows = useWafVulnerabilities({ ...filters.range, application_id: filters.application_id, edge_id: filters.edge_id });
  const exposed = (rows.data ?? []).filter((r) => r.exposed).length;
  return (
    <>
      <PageHeader title="Vulnerabilities" subtitle="The weaknesses attackers probe for, per application and path, and whether their attacks got through" />
      <Stack gap="md">
        <Group gap="xs">
          <WindowPicker value={filters.windowKey} onChange={(w) => filters.update({ window: w })} />
          <ApplicationFilter filters={filters} />
          {rows.data && (
            <Text size="sm" c={exposed ? 'red' : 'dimmed'}>
              {exposed ? `${exposed} reached an application` : 'Every attack was blocked at the edge'}
            </Text>
          )}
        </Group>
        <Paper withBorder p="md">
          {rows.isError ? (
            <LogFailure error={rows.error} retry={() => void rows.refetch()} />
          ) : (
            <DataTable
              label="Vulnerabilities"
              columns={COLUMNS}
              rows={rows.data ?? []}
              loading={rows.isLoading}
              timezone={user?.timezone ?? null}
              options={{ sort: false, search: false, download: true, paging: false }}
              emptyState={<EmptyState title="No weakness attacked in this window" description="Attacks on the protected applications show here by path." />}
            />
          )}
        </Paper>
        <TestedFindings timezone={user?.timezone ?? null} />
      </Stack>
    </>
  );
}
