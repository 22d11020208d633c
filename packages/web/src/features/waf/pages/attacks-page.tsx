import { useState } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { canWriteConfig, WAF_ACTIONS, WAF_CATEGORIES, type WafAction, type WafCategory } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { EmptyState } from '@/components/empty-state';
import { toast } from '@/components/feedback/toast';
import { LogPager } from '@/components/logs/log-pager';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { downloadWafAttacks, useWafAttacks, type WafAttackQuery, type WafAttackRow } from '@/features/waf/api/get-waf-attacks';
import { ActionBadge } from '@/features/waf/components/action-badge';
import { AttackDetail } from '@/features/waf/components/attack-detail';
import { LogFailure } from '@/features/waf/components/log-failure';
import { AttackFilters } from '@/features/waf/components/attack-filters';
import { useWafFilters } from '@/features/waf/hooks/use-waf-filters';

const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

const COLUMNS: DataTableColumn<WafAttackRow>[] = [
  { key: 'at', header: 'Time', type: 'date' },
  { key: 'application', header: 'Application', render: (a) => a.application ?? '—' },
  { key: 'client_ip', header: 'Client', render: (a) => (a.country ? `${a.client_ip} (${a.country})` : a.client_ip) },
  {
    key: 'path',
    header: 'Request',
    width: '16rem',
    render: (a) => <Text size="sm" style={{ wordBreak: 'break-all' }}>{`${a.method} ${a.host}${a.path}`}</Text>,
  },
  { key: 'action', header: 'Action', render: (a) => <ActionBadge action={a.action} /> },
  { key: 'category', header: 'Category' },
  { key: 'rules', header: 'Rules', render: (a) => a.rules.map((r) => r.id).join(', ') || '—' },
  { key: 'anomaly_score', header: 'Score', rowAlign: 'right', render: (a) => a.anomaly_score ?? '—' },
  { key: 'status', header: 'Status', rowAlign: 'right' },
];

/** QShield › Events › Attacks: every request the edges blocked, detected, rate-limited, denied or challenged, filtered and paged by the server. */
export function AttacksPage() {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const filters = useWafFilters();
  const { get, update } = filters;
  const page = Math.max(1, Number(get('page')) || 1);
  const size = Number(get('size')) || 50;
  const ruleId = Number(get('rule_id'));
  const query: WafAttackQuery = {
    ...filters.range,
    application_id: filters.application_id,
    edge_id: filters.edge_id,
    action: oneOf<WafAction>(WAF_ACTIONS, get('action')),
    category: oneOf<WafCategory>(WAF_CATEGORIES, get('category')),
    client_ip: get('client_ip'),
    rule_id: Number.isInteger(ruleId) && ruleId > 0 ? ruleId : undefined,
    search: get('search'),
    page,
    page_size: size,
  };
  const attacks = useWafAttacks(query);
  const [shown, setShown] = useState<WafAttackRow | null>(null);
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadWafAttacks(tid, query)
      .catch((e: unknown) => toast.error(formErrorMessage(e)))
      .finally(() => setDownloading(false));
  };

  return (
    <>
      <PageHeader
        title="Attacks"
        subtitle="Requests the edges blocked, detected, rate-limited, denied or challenged"
        actions={
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={downloading} onClick={download}>
            Download CSV
          </Button>
        }
      />
      <Stack gap="md">
        <AttackFilters filters={filters} />
        <Paper withBorder p="md">
          {attacks.isError ? (
            <LogFailure error={attacks.error} retry={() => void attacks.refetch()} />
          ) : (
            <DataTable
              label="Attack events"
              data-testid="waf-attacks-table"
              columns={COLUMNS}
              rows={attacks.data?.results ?? []}
              loading={attacks.isLoading}
              timezone={user?.timezone ?? null}
              options={{ sort: false, search: false, download: false, paging: false }}
              onView={setShown}
              emptyState={<EmptyState title="No attack in this window" description="Nothing the edges refused or flagged matches these filters." />}
            />
          )}
          <LogPager
            count={attacks.data?.count}
            page={page}
            size={size}
            onPage={(p) => update({ page: String(p) }, false)}
            onSize={(s) => update({ size: s })}
          />
        </Paper>
      </Stack>
      <NamedModal name="Attack" opened={shown !== null} onClose={() => setShown(null)} size="80rem" centered>
        {shown && (
          <>
            <ModalHeader title="Attack" subtitle={`${shown.method} ${shown.host}${shown.path}`} onClose={() => setShown(null)} />
            <AttackDetail attack={shown} timezone={user?.timezone ?? null} writer={user ? canWriteConfig(user) : false} />
          </>
        )}
      </NamedModal>
    </>
  );
}
