import { useState } from 'react';
import { Anchor, Button, Paper, Stack, Switch, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { canWriteConfig, type NdrRuleRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { FormModal } from '@/components/dialogs/form-modal';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useNdrRules } from '@/features/ndr/api/get-ndr-rules';
import { useUpdateNdrRule } from '@/features/ndr/api/update-ndr-rule';
import { MitreLinks } from '@/features/ndr/components/tactic-links';
import { RuleParamsForm } from '@/features/ndr/components/rule-params-form';
import { SeverityBadge } from '@/features/ndr/components/severity-badge';
import { SuppressionsTable } from '@/features/ndr/components/suppressions-table';

const READS: Record<NdrRuleRow['reads'][number], string> = { flow: 'Flows', dns: 'DNS queries', ids: 'IDS alerts', waf: 'WAF attacks' };

function EnabledSwitch({ rule, writer }: { rule: NdrRuleRow; writer: boolean }) {
  const update = useUpdateNdrRule();
  return (
    <Switch
      aria-label={`${rule.name} enabled`}
      checked={update.isPending ? Boolean(update.variables?.patch.enabled) : rule.enabled}
      disabled={!writer || update.isPending}
      onChange={(e) => {
        const enabled = e.currentTarget.checked;
        update.mutate(
          { ruleId: rule.id, patch: { enabled } },
          { onSuccess: () => toast.info(`${rule.name} ${enabled ? 'enabled' : 'disabled'}`), onError: (err) => toast.error(formErrorMessage(err)) },
        );
      }}
    />
  );
}

/** NDR › Organization › Detection rules: each rule on or off, its parameters, and where it stays silent (suppressions). */
export function NdrRulesPage() {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const rules = useNdrRules();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = rules.data?.find((r) => r.id === openId) ?? null;
  const columns: DataTableColumn<NdrRuleRow>[] = [
    { key: 'enabled', header: 'Enabled', render: (r) => <EnabledSwitch rule={r} writer={writer} /> },
    { key: 'name', header: 'Rule' },
    { key: 'severity', header: 'Severity', render: (r) => <SeverityBadge severity={r.severity} /> },
    { key: 'tactics', header: 'Tactics', render: (r) => r.tactics.map((t) => t.name).join(', ') || '—' },
    { key: 'reads', header: 'Reads', render: (r) => r.reads.map((k) => READS[k]).join(', ') },
    {
      key: 'detections_open',
      header: 'Open detections',
      rowAlign: 'right',
      render: (r) => (
        <Anchor component={Link} to={`${paths.ndr.detections}?rule_id=${r.id}&status=new&window=30d`} size="sm">
          {r.detections_open}
        </Anchor>
      ),
    },
    { key: 'suppressions', header: 'Suppressions', rowAlign: 'right', render: (r) => r.suppressions.length },
    { key: 'overrides', header: 'Parameters', render: (r) => (Object.keys(r.overrides).length ? 'Tuned' : 'Defaults') },
    {
      key: 'tune',
      header: 'Details',
      sortable: false,
      render: (r) => (
        <Button size="compact-xs" variant="light" aria-label={`${writer ? 'Tune' : 'Details of'} ${r.name}`} onClick={() => setOpenId(r.id)}>
          {writer ? 'Tune' : 'Details'}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader title="Detection rules" subtitle="What each rule looks for in your network's traffic, and how it is tuned for your organisation" />
      <Paper withBorder p="md">
        {rules.isError ? (
          <ErrorPanel onRetry={() => void rules.refetch()} />
        ) : (
          <DataTable
            label="Detection rules"
            columns={columns}
            rows={rules.data ?? []}
            loading={rules.isLoading}
            timezone={user?.timezone ?? null}
            options={{ sort: false, search: true, paging: false, download: false }}
          />
        )}
      </Paper>
      <FormModal opened={open !== null} onClose={() => setOpenId(null)} label={open?.name ?? 'Rule'} size="xl">
        {open && (
          <>
            <ModalHeader title={open.name} subtitle={open.id} onClose={() => setOpenId(null)} />
            <Stack gap="sm">
              <Text size="sm">{open.explanation}</Text>
              <MitreLinks items={[...open.tactics, ...open.techniques]} label="ATT&CK mapping" />
              <Tabs defaultValue="params">
                <Tabs.List mb="sm">
                  <Tabs.Tab value="params">Parameters</Tabs.Tab>
                  <Tabs.Tab value="suppressions">{`Suppressions (${open.suppressions.length})`}</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="params">
                  <RuleParamsForm key={JSON.stringify(open.params)} rule={open} writer={writer} onDone={() => setOpenId(null)} />
                </Tabs.Panel>
                <Tabs.Panel value="suppressions">
                  <SuppressionsTable rule={open} writer={writer} timezone={user?.timezone ?? null} />
                </Tabs.Panel>
              </Tabs>
            </Stack>
          </>
        )}
      </FormModal>
    </>
  );
}
