import { useMemo } from 'react';
import { Badge, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { type GraphqlLimit, type WafApplication, type WafGraphqlView } from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { useCurrentUser } from '@/lib/session/session-store';
import { useWafGraphql } from '@/features/waf/api/get-waf-guard';
import { LogFailure } from '@/features/waf/components/log-failure';
import { FigureTile } from '@/features/waf/components/figure-tile';
import { WAF_PATH_RULE } from '@/features/waf/components/path-rule';
import { PolicyPageFrame } from '@/features/waf/components/policy-page-frame';
import { PolicyPartForm, type PartFieldsProps } from '@/features/waf/components/policy-part-form';

const LIMIT_LABEL: Record<GraphqlLimit, string> = {
  depth: 'Too deep',
  aliases: 'Too many aliases',
  fields: 'Too many fields',
  introspection: 'Introspection',
  other: 'Not valid GraphQL',
};

function LimitFields({ value, errors, disabled, onChange }: PartFieldsProps<'graphql'>) {
  const off = disabled || !value.enabled;
  const number = (key: 'max_depth' | 'max_aliases' | 'max_fields', label: string, description: string, min: number, max: number) => (
    <NumberInput
      label={label}
      description={description}
      min={min}
      max={max}
      value={value[key]}
      disabled={off}
      onChange={(n) => onChange({ ...value, [key]: typeof n === 'number' ? n : 0 })}
      error={errors[key]}
    />
  );
  return (
    <Stack gap="md">
      <Switch
        label="Enforce GraphQL limits"
        checked={value.enabled}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, enabled: e.currentTarget.checked })}
      />
      <ChipInput
        type="url"
        rule={WAF_PATH_RULE}
        label="GraphQL endpoints"
        description="The edge parses queries sent to these paths"
        placeholder="/graphql"
        value={value.paths}
        disabled={off}
        onChange={(paths) => onChange({ ...value, paths })}
        error={errors.paths}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {number('max_depth', 'Largest depth', 'Nesting of selections', 1, 100)}
        {number('max_aliases', 'Most aliases', 'Aliased fields in one query', 0, 1_000)}
        {number('max_fields', 'Most fields', 'Fields selected, fragments counted where spread', 1, 100_000)}
      </SimpleGrid>
      <Switch
        label="Allow introspection"
        description="Queries of __schema and __type; keep it off in production"
        checked={value.introspection}
        disabled={off}
        onChange={(e) => onChange({ ...value, introspection: e.currentTarget.checked })}
      />
    </Stack>
  );
}

type OperationRow = WafGraphqlView['operations'][number] & { id: string };
type RefusalRow = WafGraphqlView['refusals'][number];

const operationColumns: DataTableColumn<OperationRow>[] = [
  {
    key: 'name',
    header: 'Operation',
    width: '14rem',
    render: (o) => (
      <Group gap={6} wrap="nowrap">
        <Badge variant="light" color={o.operation === 'mutation' ? 'orange' : o.operation === 'subscription' ? 'grape' : 'blue'}>
          {o.operation}
        </Badge>
        <Text size="sm">{o.name ?? '(anonymous)'}</Text>
      </Group>
    ),
  },
  { key: 'requests', header: 'Requests', rowAlign: 'right' },
  { key: 'errors', header: 'Errors', rowAlign: 'right' },
  { key: 'max_depth', header: 'Max depth', rowAlign: 'right' },
  { key: 'avg_depth', header: 'Avg depth', rowAlign: 'right' },
  { key: 'max_fields', header: 'Max fields', rowAlign: 'right' },
  { key: 'max_aliases', header: 'Max aliases', rowAlign: 'right' },
  { key: 'introspection', header: 'Introspection', rowAlign: 'right' },
  {
    key: 'over_limits',
    header: 'Past the limits',
    render: (o) =>
      o.over_limits.length === 0 ? (
        <Text size="sm" c="dimmed">
          Within
        </Text>
      ) : (
        <Group gap={4}>
          {o.over_limits.map((l) => (
            <Badge key={l} color="red" variant="light">
              {LIMIT_LABEL[l]}
            </Badge>
          ))}
        </Group>
      ),
  },
  { key: 'last_seen', header: 'Last seen', type: 'date' },
];

const refusalColumns: DataTableColumn<RefusalRow>[] = [
  { key: 'at', header: 'Time', type: 'date' },
  {
    key: 'limit',
    header: 'Why',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{LIMIT_LABEL[r.limit]}</Text>
        {r.detail && (
          <Text size="xs" c="dimmed">
            {r.detail}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'action',
    header: 'Action',
    render: (r) => (
      <Badge variant="light" color={r.action === 'blocked' ? 'red' : 'yellow'}>
        {r.action === 'blocked' ? 'Refused' : r.action}
      </Badge>
    ),
  },
  { key: 'path', header: 'Path' },
  { key: 'client_ip', header: 'Client', type: 'ip' },
];

function Activity({ application }: { application: WafApplication }) {
  const user = useCurrentUser();
  const seen = useWafGraphql({ application_id: application.id });
  const operations = useMemo(() => (seen.data?.operations ?? []).map((o) => ({ ...o, id: `${o.operation} ${o.name ?? ''}` })), [seen.data]);
  if (seen.isError) return <LogFailure error={seen.error} retry={() => void seen.refetch()} />;
  if (!seen.data) return <CardSkeleton height={300} />;
  const v = seen.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <FigureTile label="GraphQL requests" value={v.requests} />
        <FigureTile label="Operations" value={v.operations.length} />
        <FigureTile label="Refused" value={v.refused} color={v.refused > 0 ? 'red' : undefined} />
        <FigureTile label="Introspection attempts" value={v.operations.reduce((n, o) => n + o.introspection, 0)} />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Operations seen (last 24 hours)
          </Title>
          <DataTable
            label="GraphQL operations"
            columns={operationColumns}
            rows={operations}
            timezone={user?.timezone}
            options={{ search: true, sort: true, paging: true, download: true, refresh: true }}
            onRefresh={() => seen.refetch()}
            csv={{ title: 'graphql-operations' }}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            What the limits refused
          </Title>
          {v.by_limit.length > 0 && (
            <Group gap="xs">
              {v.by_limit.map((b) => (
                <Badge key={b.limit} variant="outline" color="red">
                  {LIMIT_LABEL[b.limit]}: {b.count}
                </Badge>
              ))}
            </Group>
          )}
          <DataTable
            label="GraphQL refusals"
            columns={refusalColumns}
            rows={v.refusals}
            timezone={user?.timezone}
            options={{ search: true, sort: true, paging: true }}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * QShield › Threat Analytics › GraphQL: an application's GraphQL operations as the edge's API guard
 * parsed them (type, name, depth, aliases, fields; never the query's text), what its limits
 * refused and why, and the limits themselves as a part of the application's policy.
 */
export function GraphqlPage() {
  return (
    <PolicyPageFrame title="GraphQL" subtitle="Operations the edges parsed, the limits they enforce and what those refused">
      {(app) => (
        <Stack gap="md" key={app.id}>
          <PolicyPartForm application={app} part="graphql" fields={LimitFields} />
          <Activity application={app} />
        </Stack>
      )}
    </PolicyPageFrame>
  );
}
