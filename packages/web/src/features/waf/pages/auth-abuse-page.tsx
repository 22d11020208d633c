import { useMemo } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { LoginAccountState, LoginClientKind, WafApplication, WafAuthAbuseView, WafLoginProtection } from '@netloom/domain';
import { TimeSeriesChart } from '@/components/charts/time-series-chart';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { useCurrentUser } from '@/lib/session/session-store';
import { useWafAuthAbuse } from '@/features/waf/api/get-waf-guard';
import { FigureTile } from '@/features/waf/components/figure-tile';
import { PolicyPageFrame } from '@/features/waf/components/policy-page-frame';
import { PolicyPartForm, type PartFieldsProps } from '@/features/waf/components/policy-part-form';

const KIND_LABEL: Record<LoginClientKind | 'distributed', string> = {
  credential_stuffing: 'Credential stuffing',
  password_spraying: 'Password spraying',
  brute_force: 'Brute force',
  distributed: 'Distributed',
};

const STATE_LOOK: Record<LoginAccountState, { label: string; color: string }> = {
  blocked: { label: 'Blocked', color: 'red' },
  challenged: { label: 'Challenged', color: 'orange' },
  under_attack: { label: 'Under attack', color: 'yellow' },
  normal: { label: 'Normal', color: 'gray' },
};

function ProtectionFields({ value, errors, disabled, onChange }: PartFieldsProps<'login_protection'>) {
  const off = disabled || !value.enabled;
  const set = (patch: Partial<WafLoginProtection>) => onChange({ ...value, ...patch });
  const number = (
    key: 'client_failures' | 'account_failures' | 'account_clients' | 'window_minutes',
    label: string,
    description: string,
    min: number,
    max: number,
  ) => (
    <NumberInput
      label={label}
      description={description}
      min={min}
      max={max}
      value={value[key]}
      disabled={off}
      onChange={(n) => set({ [key]: typeof n === 'number' ? n : 0 })}
      error={errors[key]}
    />
  );
  return (
    <Stack gap="md">
      <Switch label="Protect login endpoints" checked={value.enabled} disabled={disabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
      <Stack gap="xs">
        <Text fw={500} size="sm">
          Login endpoints
        </Text>
        {value.endpoints.length === 0 && (
          <Text size="sm" c="dimmed">
            No login endpoint declared: add the path your login form posts to.
          </Text>
        )}
        {value.endpoints.map((ep, i) => (
          <Group key={i} align="flex-start">
            <TextInput
              label="Path"
              placeholder="/login"
              value={ep.path}
              disabled={off}
              onChange={(e) => set({ endpoints: value.endpoints.map((x, j) => (j === i ? { ...x, path: e.currentTarget.value } : x)) })}
              error={errors[`endpoints.${i}.path`]}
            />
            <TextInput
              label="Username field"
              description="The body field naming the account"
              value={ep.username_field}
              disabled={off}
              onChange={(e) => set({ endpoints: value.endpoints.map((x, j) => (j === i ? { ...x, username_field: e.currentTarget.value } : x)) })}
              error={errors[`endpoints.${i}.username_field`]}
            />
            <ActionIcon
              mt={28}
              variant="subtle"
              color="red"
              aria-label={`Remove ${ep.path || 'endpoint'}`}
              disabled={off}
              onClick={() => set({ endpoints: value.endpoints.filter((_, j) => j !== i) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={off || value.endpoints.length >= 10}
            onClick={() => set({ endpoints: [...value.endpoints, { path: '/login', username_field: 'username' }] })}
          >
            Add endpoint
          </Button>
        </Group>
        {errors.endpoints && (
          <Text size="sm" c="red">
            {errors.endpoints}
          </Text>
        )}
      </Stack>
      <TagsInput
        label="Failed login answers"
        description="The origin's statuses that mean a login failed"
        value={value.failure_statuses.map(String)}
        disabled={off}
        onChange={(tags) => set({ failure_statuses: tags.map(Number).filter((n) => Number.isInteger(n)) })}
        error={errors.failure_statuses}
        w={360}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {number('client_failures', 'Failures per address', 'From one address within the window', 1, 10_000)}
        {number('account_failures', 'Failures per account', 'On one account within the window', 1, 10_000)}
        {number('account_clients', 'Addresses per account', 'Failing on one account (distributed)', 2, 10_000)}
        {number('window_minutes', 'Window (minutes)', 'How far back failures count', 1, 1_440)}
      </SimpleGrid>
      <Stack gap={4}>
        <Text fw={500} size="sm" id="login-action">
          Past a threshold
        </Text>
        <SegmentedControl
          aria-labelledby="login-action"
          w="fit-content"
          disabled={off}
          data={[
            { value: 'challenge', label: 'Challenge' },
            { value: 'block', label: 'Block' },
          ]}
          value={value.action}
          onChange={(action) => set({ action: action as WafLoginProtection['action'] })}
        />
        <Text size="sm" c="dimmed">
          {value.action === 'challenge'
            ? 'A browser passes the challenge and may try again; a script does not.'
            : 'Further logins are refused (403) until the window passes.'}
        </Text>
      </Stack>
    </Stack>
  );
}

type ClientRow = WafAuthAbuseView['clients'][number] & { id: string };
type AccountRow = WafAuthAbuseView['accounts'][number] & { id: string };
type DetectionRow = WafAuthAbuseView['detections'][number];

const kindBadges = (kinds: readonly (LoginClientKind | 'distributed')[]) =>
  kinds.length === 0 ? (
    <Text size="sm" c="dimmed">
      —
    </Text>
  ) : (
    <Group gap={4}>
      {kinds.map((k) => (
        <Badge key={k} color="red" variant="light">
          {KIND_LABEL[k]}
        </Badge>
      ))}
    </Group>
  );

const clientColumns: DataTableColumn<ClientRow>[] = [
  { key: 'client_ip', header: 'Client' },
  { key: 'kinds', header: 'Looks like', width: '16rem', render: (c) => kindBadges(c.kinds) },
  { key: 'failures', header: 'Failed logins', rowAlign: 'right' },
  { key: 'accounts', header: 'Accounts tried', rowAlign: 'right' },
  { key: 'failure_rate', header: 'Failure rate', rowAlign: 'right', render: (c) => `${Math.round(c.failure_rate * 100)} %` },
  { key: 'attempts', header: 'Attempts', rowAlign: 'right' },
  { key: 'refused', header: 'Challenged or refused', rowAlign: 'right' },
  { key: 'last_at', header: 'Last attempt', type: 'date' },
];

const accountColumns: DataTableColumn<AccountRow>[] = [
  { key: 'account', header: 'Account', width: '16rem' },
  {
    key: 'state',
    header: 'Now',
    render: (a) => (
      <Badge variant="light" color={STATE_LOOK[a.state].color}>
        {STATE_LOOK[a.state].label}
      </Badge>
    ),
  },
  { key: 'failures', header: 'Failed logins', rowAlign: 'right' },
  { key: 'clients', header: 'Failing addresses', rowAlign: 'right' },
  { key: 'kinds', header: 'Why', render: (a) => kindBadges(a.kinds) },
  { key: 'last_at', header: 'Last attempt', type: 'date' },
];

const detectionColumns: DataTableColumn<DetectionRow>[] = [
  { key: 'at', header: 'Time', type: 'date' },
  {
    key: 'action',
    header: 'Action',
    render: (d) => (
      <Badge variant="light" color={d.action === 'blocked' ? 'red' : 'orange'}>
        {d.action === 'blocked' ? 'Refused' : 'Challenged'}
      </Badge>
    ),
  },
  { key: 'detail', header: 'Why', width: '20rem' },
  { key: 'path', header: 'Endpoint' },
  { key: 'client_ip', header: 'Client' },
];

function Activity({ application }: { application: WafApplication }) {
  const user = useCurrentUser();
  const view = useWafAuthAbuse({ application_id: application.id });
  const clients = useMemo(() => (view.data?.clients ?? []).map((c) => ({ ...c, id: c.client_ip })), [view.data]);
  const accounts = useMemo(() => (view.data?.accounts ?? []).map((a) => ({ ...a, id: a.account })), [view.data]);
  if (view.isError) return <ErrorPanel onRetry={() => void view.refetch()} />;
  if (!view.data) return <CardSkeleton height={300} />;
  const v = view.data;
  const suspects = v.clients.filter((c) => c.kinds.length > 0).length;
  const attacked = v.accounts.filter((a) => a.state !== 'normal').length;
  return (
    <Stack gap="md">
      {v.masked && (
        <Alert color="blue" title="Names masked">
          Account names and client addresses are personal data: only owners and admins see them in full.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <FigureTile label="Login attempts" value={v.attempts} />
        <FigureTile label="Failed logins" value={v.failures} color={v.failures > 0 ? 'orange' : undefined} />
        <FigureTile label="Suspect clients" value={suspects} color={suspects > 0 ? 'red' : undefined} />
        <FigureTile label="Accounts under attack" value={attacked} color={attacked > 0 ? 'red' : undefined} />
      </SimpleGrid>
      {v.endpoints.length === 0 ? (
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            No login attempts on a declared endpoint in the last 24 hours.
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: v.endpoints.length > 1 ? 2 : 1 }}>
          {v.endpoints.map((e) => (
            <Paper withBorder p="md" key={`${e.application_id ?? ''} ${e.path}`}>
              <TimeSeriesChart
                title={`${e.path}: ${e.attempts.toLocaleString()} attempts, ${e.failures.toLocaleString()} failed`}
                names={['Attempts', 'Failures']}
                series={[e.series.map((b) => b.attempts), e.series.map((b) => b.failures)]}
                timestamp={e.series.map((b) => b.at)}
                yAxisType="no-suffix"
                timezone={user?.timezone}
                withStats={false}
              />
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Clients by failed logins
          </Title>
          <DataTable
            label="Login clients"
            columns={clientColumns}
            rows={clients}
            timezone={user?.timezone}
            options={{ search: true, sort: true, paging: true, refresh: true }}
            onRefresh={() => view.refetch()}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Accounts under attack
          </Title>
          <DataTable
            label="Login accounts"
            columns={accountColumns}
            rows={accounts}
            timezone={user?.timezone}
            options={{ search: true, sort: true, paging: true }}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Detections
          </Title>
          <DataTable
            label="Login detections"
            columns={detectionColumns}
            rows={v.detections}
            timezone={user?.timezone}
            options={{ search: true, sort: true, paging: true }}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * QShield › Bot › Authentication Abuse Protection: an application's declared login endpoints
 * watched by the edge's API guard: attempts and failures over time, the clients that look like
 * credential stuffing, password spraying or brute force, the accounts under attack (challenged or
 * refused now, or past a threshold), and the thresholds themselves as a part of its policy.
 */
export function AuthAbusePage() {
  return (
    <PolicyPageFrame title="Authentication Abuse Protection" subtitle="Credential stuffing and password spraying on the applications' login endpoints">
      {(app) => (
        <Stack gap="md" key={app.id}>
          <Activity application={app} />
          <PolicyPartForm application={app} part="login_protection" fields={ProtectionFields} />
        </Stack>
      )}
    </PolicyPageFrame>
  );
}
