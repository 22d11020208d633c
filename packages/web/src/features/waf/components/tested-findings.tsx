import { Anchor, Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WafTestedVulnerability, WafVulnSeverity } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { paths } from '@/paths';
import { useTestedVulnerabilities } from '@/features/waf/api/vuln-tests';

export const SEVERITY_COLOURS: Record<WafVulnSeverity, string> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'gray' };

const COLUMNS: DataTableColumn<WafTestedVulnerability>[] = [
  {
    key: 'title',
    header: 'Finding',
    render: (f) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {f.title}
        </Text>
        <Text size="xs" c="dimmed">{`${f.owasp} ${f.owasp_name}`}</Text>
      </Stack>
    ),
  },
  {
    key: 'severity',
    header: 'Severity',
    render: (f) => (
      <Badge variant="light" color={SEVERITY_COLOURS[f.severity]}>
        {f.severity}
      </Badge>
    ),
  },
  { key: 'application', header: 'Application' },
  {
    key: 'path',
    header: 'Request',
    width: '14rem',
    render: (f) => <Text size="sm" style={{ wordBreak: 'break-all' }}>{`${f.method} ${f.path} → ${f.status}`}</Text>,
  },
  { key: 'tested_at', header: 'Tested', type: 'date' },
  { key: 'hint', header: 'What to do', width: '18rem', render: (f) => <Text size="xs">{f.hint}</Text> },
];

/** events/vulnerabilities' "Found by testing": each application's newest finished vulnerability test's findings. */
export function TestedFindings({ timezone }: { timezone: string | null }) {
  const found = useTestedVulnerabilities();
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        Found by testing
      </Title>
      {found.isError ? (
        <ErrorPanel onRetry={() => void found.refetch()} />
      ) : (
        <DataTable
          label="Found by testing"
          columns={COLUMNS}
          rows={found.data ?? []}
          loading={found.isLoading}
          timezone={timezone}
          options={{ sort: false, search: false, download: true, paging: false }}
          emptyState={
            <EmptyState
              title="No finding from testing"
              description={
                <>
                  {'Findings of each application’s newest '}
                  <Anchor component={Link} to={paths.waf.vulnTesting}>
                    vulnerability test
                  </Anchor>
                  {' show here.'}
                </>
              }
            />
          }
        />
      )}
    </Paper>
  );
}
