import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, Group, NumberInput, Paper, PasswordInput, Progress, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  canManageTenant,
  WAF_VULN_CHECK_INFO,
  WAF_VULN_CHECKS,
  WAF_VULN_LIMITS,
  wafVulnTestInputSchema,
  type WafVulnCheck,
  type WafVulnRun,
  type WafVulnRunDetail,
} from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { toast } from '@/components/feedback/toast';
import { useCurrentUser } from '@/lib/session/session-store';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useWafApplications } from '@/features/waf/api/get-waf-applications';
import { useWafEdges } from '@/features/waf/api/get-waf-edges';
import { SEVERITY_COLOURS } from '@/features/waf/components/tested-findings';
import { useCancelVulnTest, useStartVulnTest, useVulnTest, useVulnTests } from '@/features/waf/api/vuln-tests';

const STATE_COLOURS: Record<WafVulnRun['state'], string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red', cancelled: 'gray' };

/** `id=42, orderId=7` → { id: '42', orderId: '7' }. */
function samplesOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split(',')
      .map((pair) => pair.split('=').map((s) => s.trim()))
      .filter(([k, v]) => k && v)
      .map(([k, v]) => [k!, v!]),
  );
}

/**
 * QShield › API Security › Vulnerability testing: an owner or admin starts a bounded, rate-limited
 * test of one application's documented read operations from one of its edges (BOLA with two test
 * accounts, missing authentication, injection, verbose errors, security headers); the runs with
 * their progress, and a run's findings with their evidence and what to fix.
 */
export function VulnTestingPage() {
  const user = useCurrentUser();
  const manager = user ? canManageTenant(user) : false;
  const runs = useVulnTests();
  const [shown, setShown] = useState<string | null>(null);
  const cancel = useCancelVulnTest();
  const columns: DataTableColumn<WafVulnRun>[] = [
    { key: 'application', header: 'Application' },
    { key: 'edge', header: 'Edge' },
    {
      key: 'state',
      header: 'State',
      render: (r) => (
        <Badge variant="light" color={STATE_COLOURS[r.state]}>
          {r.state}
        </Badge>
      ),
    },
    {
      key: 'sent',
      header: 'Progress',
      render: (r) => (
        <Stack gap={2}>
          <Text size="xs">{`${r.sent} of ${r.planned} requests${r.state === 'running' ? ` at ${r.rate_per_s}/s` : ''}`}</Text>
          <Progress value={r.planned ? (100 * r.sent) / r.planned : 0} animated={r.state === 'running'} size="sm" />
        </Stack>
      ),
    },
    { key: 'findings', header: 'Findings', rowAlign: 'right' },
    { key: 'started_at', header: 'Started', type: 'date' },
    { key: 'started_by', header: 'By', render: (r) => r.started_by ?? '—' },
    {
      key: 'id',
      header: '',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={() => setShown(r.id)} aria-label={`Findings of ${r.application} at ${r.started_at}`}>
            Findings
          </Button>
          {manager && (r.state === 'queued' || r.state === 'running') && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(r.id, { onSuccess: () => toast.info('Cancelling the test'), onError: () => toast.error('The test could not be cancelled') })
              }
            >
              Cancel
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader title="Vulnerability testing" subtitle="Active tests of an application's documented API from one of its edges, with what they found" />
      <Stack gap="md">
        <Alert color="blue" variant="light" title="How a test runs" role="note">
          The edge sends the test's requests straight to the application's origin, not through its own WAF (which would block them), one at a time at the rate
          you choose (at most {WAF_VULN_LIMITS.max_rate_per_s} a second and {WAF_VULN_LIMITS.max_requests} a test). Only the document's read (GET) operations
          are sent, so a test changes no data. Only applications whose DNS check passed and that have an OpenAPI document can be tested.
        </Alert>
        {manager ? (
          <StartForm onStarted={setShown} />
        ) : (
          <Text size="sm" c="dimmed">
            Only the organisation's owners and admins start tests.
          </Text>
        )}
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            Tests
          </Title>
          {runs.isError ? (
            <ErrorPanel onRetry={() => void runs.refetch()} />
          ) : (
            <DataTable
              label="Vulnerability tests"
              columns={columns}
              rows={runs.data ?? []}
              loading={runs.isLoading}
              timezone={user?.timezone ?? null}
              options={{ sort: false, search: false, download: false, paging: false }}
              emptyState={<EmptyState title="No test yet" description="Start one above: its progress and findings show here." />}
            />
          )}
        </Paper>
        {shown && <RunFindings id={shown} />}
      </Stack>
    </>
  );
}

function StartForm({ onStarted }: { onStarted: (id: string) => void }) {
  const apps = useWafApplications();
  const edges = useWafEdges();
  const start = useStartVulnTest();
  const [value, setValue] = useState({
    application_id: null as string | null,
    edge_id: null as string | null,
    checks: [...WAF_VULN_CHECKS] as WafVulnCheck[],
    account_a: '',
    account_b: '',
    samples: '',
    rate_per_s: 5,
    max_requests: 200,
  });
  const { errors, formError, busy, submit } = useFormSubmit(wafVulnTestInputSchema, async (input) => {
    const run = await start.mutateAsync(input);
    toast.info('Test started');
    onStarted(run.id);
  });
  const verified = (apps.data ?? []).filter((a) => a.dns.verified === true);
  const app = verified.find((a) => a.id === value.application_id);
  const serving = (edges.data ?? []).filter((e) => app?.edge_ids.includes(e.id));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({
          application_id: value.application_id,
          edge_id: value.edge_id,
          checks: value.checks,
          account_a: value.account_a || null,
          account_b: value.account_b || null,
          sample_params: samplesOf(value.samples),
          rate_per_s: value.rate_per_s,
          max_requests: value.max_requests,
        });
      }}
    >
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>Start a test</Title>
          <Group grow align="flex-start">
            <Select
              label="Application"
              description="Applications whose DNS check passed"
              placeholder={verified.length ? 'Choose' : 'No application has passed its DNS check'}
              data={verified.map((a) => ({ value: a.id, label: a.name }))}
              value={value.application_id}
              onChange={(application_id) => setValue({ ...value, application_id, edge_id: null })}
              error={errors.application_id}
            />
            <Select
              label="Edge"
              description="One of the edges serving it sends the requests"
              data={serving.map((e) => ({ value: e.id, label: e.name }))}
              value={value.edge_id}
              disabled={!app}
              onChange={(edge_id) => setValue({ ...value, edge_id })}
              error={errors.edge_id}
            />
          </Group>
          <Checkbox.Group
            label="Checks"
            value={value.checks}
            onChange={(checks) => setValue({ ...value, checks: checks as WafVulnCheck[] })}
            error={errors.checks}
          >
            <Group mt={4}>
              {WAF_VULN_CHECKS.map((c) => (
                <Checkbox key={c} value={c} label={WAF_VULN_CHECK_INFO[c].label} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow align="flex-start">
            <PasswordInput
              label="Account A"
              description="Its Authorization header value (kept sealed, never shown again)"
              placeholder="Bearer …"
              value={value.account_a}
              onChange={(e) => setValue({ ...value, account_a: e.currentTarget.value })}
              error={errors.account_a}
            />
            <PasswordInput
              label="Account B"
              description="Another account: must not reach account A's objects"
              placeholder="Bearer …"
              value={value.account_b}
              onChange={(e) => setValue({ ...value, account_b: e.currentTarget.value })}
              error={errors.account_b}
            />
          </Group>
          <TextInput
            label="Account A's objects"
            description="Path parameters naming objects of account A, as name=value, comma-separated (id=42, orderId=7)"
            value={value.samples}
            onChange={(e) => setValue({ ...value, samples: e.currentTarget.value })}
            error={errors.sample_params}
          />
          <Group align="flex-start">
            <NumberInput
              label="Requests per second"
              min={1}
              max={WAF_VULN_LIMITS.max_rate_per_s}
              w={200}
              value={value.rate_per_s}
              onChange={(n) => setValue({ ...value, rate_per_s: typeof n === 'number' ? n : 0 })}
              error={errors.rate_per_s}
            />
            <NumberInput
              label="At most requests"
              min={1}
              max={WAF_VULN_LIMITS.max_requests}
              w={200}
              value={value.max_requests}
              onChange={(n) => setValue({ ...value, max_requests: typeof n === 'number' ? n : 0 })}
              error={errors.max_requests}
            />
          </Group>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Start test
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

function RunFindings({ id }: { id: string }) {
  const run = useVulnTest(id);
  if (run.isError) return <ErrorPanel onRetry={() => void run.refetch()} />;
  if (!run.data) return null;
  return <FindingsPanel run={run.data} />;
}

function FindingsPanel({ run }: { run: WafVulnRunDetail }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{`Findings of ${run.application}`}</Title>
          <Text size="sm" c="dimmed">
            {run.end_reason ?? (run.state === 'queued' ? 'Waiting for the edge' : 'Running')}
          </Text>
        </Group>
        {run.found.length === 0 ? (
          <Text size="sm" c="dimmed">
            {run.state === 'done' || run.state === 'cancelled' ? 'Nothing found.' : 'No finding yet.'}
          </Text>
        ) : (
          run.found.map((f, i) => (
            <Paper key={i} withBorder p="sm" aria-label={f.title}>
              <Stack gap={4}>
                <Group gap="xs">
                  <Badge color={SEVERITY_COLOURS[f.severity]}>{f.severity}</Badge>
                  <Text fw={500} size="sm">
                    {f.title}
                  </Text>
                  <Text size="xs" c="dimmed">{`${f.owasp} ${f.owasp_name}`}</Text>
                </Group>
                <Text size="sm">
                  <Code>{`${f.method} ${f.path}`}</Code> {`answered ${f.status}`}
                </Text>
                {f.excerpt && <Code block>{f.excerpt}</Code>}
                <Text size="xs">{`Fix: ${f.hint}`}</Text>
              </Stack>
            </Paper>
          ))
        )}
        {run.left_out > 0 && <Text size="xs" c="dimmed">{`${run.left_out} less severe findings left out of the edge's report`}</Text>}
      </Stack>
    </Paper>
  );
}
