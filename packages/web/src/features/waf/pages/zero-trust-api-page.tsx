import { Alert, Anchor, Badge, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WafApplication, WafZeroTrustMode } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { useCurrentUser } from '@/lib/session/session-store';
import { useApiDocument } from '@/features/waf/api/api-security';
import { useWafAttacks, type WafAttackRow } from '@/features/waf/api/get-waf-attacks';
import { PolicyPageFrame } from '@/features/waf/components/policy-page-frame';
import { PolicyPartForm, type PartFieldsProps } from '@/features/waf/components/policy-part-form';

const MODES: { value: WafZeroTrustMode; label: string; description: string }[] = [
  { value: 'off', label: 'Off', description: 'The document is not enforced.' },
  { value: 'log', label: 'Log', description: 'Requests the document does not allow reach the application and are reported here.' },
  { value: 'block', label: 'Block', description: 'Requests the document does not allow are refused (403) at the edge and reported here.' },
];

function ModeFields({ value, disabled, onChange }: PartFieldsProps<'zero_trust_api'>) {
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" id="zero-trust-mode">
        Enforcement
      </Text>
      <SegmentedControl
        aria-labelledby="zero-trust-mode"
        data={MODES.map((m) => ({ value: m.value, label: m.label }))}
        value={value.mode}
        disabled={disabled}
        onChange={(mode) => onChange({ mode: mode as WafZeroTrustMode })}
        w="fit-content"
      />
      <Text size="sm" c="dimmed">
        {MODES.find((m) => m.value === value.mode)?.description}
      </Text>
    </Stack>
  );
}

const PREFIX = 'Zero-trust API: ';

const columns: DataTableColumn<WafAttackRow & { id: string }>[] = [
  { key: 'at', header: 'Time', type: 'date' },
  {
    key: 'action',
    header: 'Action',
    render: (r) => (
      <Badge variant="light" color={r.action === 'blocked' ? 'red' : 'yellow'}>
        {r.action === 'blocked' ? 'Refused' : 'Logged'}
      </Badge>
    ),
  },
  { key: 'method', header: 'Method' },
  {
    key: 'path',
    header: 'Request',
    width: '16rem',
    render: (r) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {r.path}
      </Text>
    ),
  },
  {
    key: 'rules',
    header: 'Why',
    render: (r) => (
      <Stack gap={0}>
        {r.rules.map((rule) => (
          <Text size="sm" key={rule.id}>
            {rule.message.replace(PREFIX, '')}
            {rule.data && (
              <Text span c="dimmed" size="sm">
                {' '}
                ({rule.data})
              </Text>
            )}
          </Text>
        ))}
      </Stack>
    ),
  },
  { key: 'client_ip', header: 'Client' },
];

function Refusals({ application }: { application: WafApplication }) {
  const user = useCurrentUser();
  const attacks = useWafAttacks({ application_id: application.id, category: 'api', page: 1, page_size: 100 });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          What the document refused (last 24 hours)
        </Title>
        {attacks.isError ? (
          <ErrorPanel onRetry={() => void attacks.refetch()} />
        ) : (
          <DataTable
            label="Zero-trust API refusals"
            columns={columns}
            rows={attacks.data?.results ?? []}
            loading={attacks.isLoading}
            timezone={user?.timezone}
            options={{ search: true, sort: true, paging: true, refresh: true }}
            onRefresh={() => attacks.refetch()}
          />
        )}
      </Stack>
    </Paper>
  );
}

function DocumentState({ application }: { application: WafApplication }) {
  const doc = useApiDocument(application.id);
  if (doc.data === undefined) return null;
  if (doc.data === null) {
    return (
      <Alert color="yellow" title="No OpenAPI document">
        {application.name} has no OpenAPI document: nothing is enforced until one is uploaded on the{' '}
        <Anchor component={Link} to={`/waf/api-security/api-inventry?application=${application.id}`}>
          API Inventory
        </Anchor>{' '}
        page.
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      The edges enforce {doc.data.title} {doc.data.version} (OpenAPI {doc.data.openapi}, {doc.data.operations} operations): undocumented endpoints, undeclared
      or mistyped query parameters, missing required ones, and request bodies of another media type or whose JSON properties do not match.
    </Text>
  );
}

/** QShield › API Security › Zero-Trust API: an application's OpenAPI document enforced at the edge, and what it refused. */
export function ZeroTrustApiPage() {
  return (
    <PolicyPageFrame title="Zero-Trust API" subtitle="Only what the application's OpenAPI document declares reaches it">
      {(app) => (
        <Stack gap="md" key={app.id}>
          <DocumentState application={app} />
          <PolicyPartForm application={app} part="zero_trust_api" fields={ModeFields} />
          <Refusals application={app} />
        </Stack>
      )}
    </PolicyPageFrame>
  );
}
