import { useCallback, useMemo, useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { canManageTenant, ENDPOINT_OS_LABELS } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDeleteRollout } from '@/features/ztna-updates/api/delete-rollout';
import { useClientReleases } from '@/features/ztna-updates/api/get-client-releases';
import { useRollouts, type RolloutRow } from '@/features/ztna-updates/api/get-rollouts';
import { useSecurityGroups } from '@/features/ztna-updates/api/get-security-groups';
import { LatestVersions } from '@/features/ztna-updates/components/latest-versions';
import { RolloutForm } from '@/features/ztna-updates/components/rollout-form';
import { RolloutProgressDrawer } from '@/features/ztna-updates/components/rollout-progress-drawer';
import { RolloutsTable } from '@/features/ztna-updates/components/rollouts-table';
import { WidenForm } from '@/features/ztna-updates/components/widen-form';

type Dialog = { kind: 'create' } | { kind: 'widen'; rollout: RolloutRow } | null;

/**
 * Organization › System tools › MicroZAccess updates: the latest client per OS, and staged
 * rollouts — a version to a percentage of one system's endpoints (or one security group's) first,
 * widened as it proves itself, with each endpoint's progress from the version it reports.
 */
export function ClientUpdatesPage() {
  const user = useCurrentUser();
  const releases = useClientReleases();
  const rollouts = useRollouts();
  const groups = useSecurityGroups();
  const remove = useDeleteRollout();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [watching, setWatching] = useState<RolloutRow | null>(null);
  const groupOptions = useMemo(() => (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })), [groups.data]);
  const onDelete = useCallback(
    async (r: RolloutRow) => {
      if (
        !(await confirm({
          title: `Delete the rollout of ${r.version} for ${ENDPOINT_OS_LABELS[r.os]}?`,
          message: 'Endpoints not updated yet stay on their version.',
          danger: true,
        }))
      )
        return;
      remove.mutate(r.id, { onSuccess: () => toast.deleted('Rollout'), onError: (e) => toast.error(formErrorMessage(e)) });
    },
    [remove],
  );
  const onWiden = useCallback((r: RolloutRow) => setDialog({ kind: 'widen', rollout: r }), []);
  if (!user) return null;
  const manager = canManageTenant(user);
  const close = () => setDialog(null);

  return (
    <>
      <ConfigPageHeader
        title="MicroZAccess updates"
        subtitle="The latest client for each system, and staged rollouts to your endpoints"
        onRefresh={() => void Promise.all([releases.refetch(), rollouts.refetch()])}
        refreshing={rollouts.isFetching}
        actions={
          manager && (
            <Button leftSection={<IconRocket size={16} />} disabled={!releases.data} onClick={() => setDialog({ kind: 'create' })}>
              Create rollout
            </Button>
          )
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md">
          <Title order={3} fz="md" mb="sm">
            Latest versions
          </Title>
          {releases.isError ? (
            <ErrorPanel onRetry={() => void releases.refetch()} />
          ) : (
            <LatestVersions releases={releases.data ?? []} loading={releases.isLoading} />
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} fz="md">
            Rollouts
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            A rollout updates a percentage of its endpoints first; widening it only adds endpoints.
          </Text>
          {rollouts.isError ? (
            <ErrorPanel onRetry={() => void rollouts.refetch()} />
          ) : (
            <RolloutsTable
              rollouts={rollouts.data ?? []}
              loading={rollouts.isLoading}
              timezone={user.timezone}
              manager={manager}
              onWiden={onWiden}
              onProgress={setWatching}
              onDelete={(r) => void onDelete(r)}
            />
          )}
        </Paper>
      </Stack>
      <NamedModal opened={dialog !== null} onClose={close} size="lg" centered name={dialog?.kind === 'widen' ? 'Change rollout percentage' : 'Create rollout'}>
        {dialog?.kind === 'create' && (
          <>
            <ModalHeader title="Create rollout" onClose={close} />
            <RolloutForm releases={releases.data ?? []} securityGroups={groupOptions} onDone={close} />
          </>
        )}
        {dialog?.kind === 'widen' && (
          <>
            <ModalHeader title={`${ENDPOINT_OS_LABELS[dialog.rollout.os]} ${dialog.rollout.version}: change the percentage`} onClose={close} />
            <WidenForm rollout={dialog.rollout} onDone={close} />
          </>
        )}
      </NamedModal>
      <RolloutProgressDrawer rollout={watching} onClose={() => setWatching(null)} />
    </>
  );
}
