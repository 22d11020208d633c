import { useState } from 'react';
import { Alert, Paper } from '@mantine/core';
import { canManageTenant } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDecideNacHosts } from '@/features/nac/api/decide-nac-hosts';
import { awaitingGateway, useNacHosts } from '@/features/nac/api/get-nac-hosts';
import { NacHostTable } from '@/features/nac/components/nac-host-table';
import { NacPager } from '@/features/nac/components/nac-pager';
import { NacToolbar, type BulkDecision } from '@/features/nac/components/nac-toolbar';
import { useNacView } from '@/features/nac/hooks/use-nac-view';

const CONFIRM: Record<BulkDecision, { verb: string; message: string; danger: boolean }> = {
  allow: { verb: 'Allow', message: 'They may use the network as before.', danger: false },
  block: { verb: 'Block', message: 'Their gateway drops their traffic once it gets the change.', danger: true },
  quarantine: { verb: 'Quarantine', message: 'Their gateway keeps them off the network but for the quarantine segment once it gets the change.', danger: true },
};
const hosts = (n: number) => `${n} ${n === 1 ? 'host' : 'hosts'}`;

/** ZTNA › NAC: the devices the gateways see on the organisation's networks, and allow, block or quarantine them. */
export function NacPage() {
  const user = useCurrentUser();
  const { view, update } = useNacView();
  const list = useNacHosts(view);
  const decide = useDecideNacHosts();
  const [selected, setSelected] = useState<string[]>([]);
  if (!user) return null;
  const manager = canManageTenant(user);
  const rows = list.data?.results ?? [];
  const waiting = rows.filter(awaitingGateway).length;
  // Another page, search or filter shows other rows: a choice made on these would act on hosts out of sight.
  const change = (patch: Record<string, string | null>) => {
    setSelected([]);
    update(patch);
  };

  const onDecide = async (decision: BulkDecision) => {
    const c = CONFIRM[decision];
    if (!(await confirm({ title: `${c.verb} ${hosts(selected.length)}?`, message: c.message, danger: c.danger }))) return;
    decide.mutate(
      { macs: selected, decision },
      {
        onSuccess: () => {
          toast.info(`${c.verb} sent to the gateways for ${hosts(selected.length)}`);
          setSelected([]);
        },
        onError: (e) => toast.error(formErrorMessage(e)),
      },
    );
  };

  return (
    <>
      <PageHeader title="NAC" subtitle="Devices the gateways see on the organisation's networks: allow, block or quarantine them" />
      <Paper withBorder p="md">
        <NacToolbar view={view} update={change} selected={manager ? selected.length : null} busy={decide.isPending} onDecide={(d) => void onDecide(d)} />
        {waiting > 0 && (
          <Alert color="orange" variant="light" mb="sm" role="status">
            {`${hosts(waiting)} on this page ${waiting === 1 ? 'waits' : 'wait'} for ${waiting === 1 ? 'its' : 'their'} gateway to enforce the decision.`}
          </Alert>
        )}
        {list.isError ? (
          <ErrorPanel onRetry={() => void list.refetch()} />
        ) : (
          <NacHostTable
            rows={rows}
            loading={list.isLoading}
            timezone={user.timezone ?? null}
            selection={manager ? { selectedIds: selected, onChange: setSelected } : null}
            filtered={view.search !== '' || view.decision !== null}
          />
        )}
        <NacPager
          count={list.data?.count}
          page={view.page}
          size={view.pageSize}
          onPage={(p) => change({ page: String(p) })}
          onSize={(s) => change({ size: s })}
        />
      </Paper>
    </>
  );
}
