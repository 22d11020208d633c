import { useCallback, useMemo, useState } from 'react';
import { Button, Paper, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { canWriteConfig, type DnsGroup } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDeleteDnsGroup } from '@/features/ztna-dns/api/delete-dns-group';
import { useDnsGroups } from '@/features/ztna-dns/api/get-dns-groups';
import { useSaveDnsGroup } from '@/features/ztna-dns/api/save-dns-group';
import { DnsGroupForm } from '@/features/ztna-dns/components/dns-group-form';
import { DnsGroupsTable } from '@/features/ztna-dns/components/dns-groups-table';
import { useDnsOptions } from '@/features/ztna-dns/components/use-dns-options';

type Editing = { group?: DnsGroup } | null;
const fail = (e: unknown) => toast.error(formErrorMessage(e));

/**
 * Organization › DNS (spec 000 §2.15): nameserver groups in order — split DNS by match domain, a
 * primary group for all domains, search domains, and the groups that get them.
 */
export function DnsPage() {
  const user = useCurrentUser();
  const dns = useDnsGroups();
  const options = useDnsOptions();
  const save = useSaveDnsGroup();
  const remove = useDeleteDnsGroup();
  const [editing, setEditing] = useState<Editing>(null);
  const groups = useMemo(() => [...(dns.data ?? [])].sort((a, b) => a.order - b.order), [dns.data]);

  const onMove = useCallback(
    (g: DnsGroup, by: -1 | 1) => {
      const { id, order, ...rest } = g;
      save.mutate({ id, group: { ...rest, order: order + by } }, { onError: fail });
    },
    [save],
  );
  const onDelete = useCallback(
    async (g: DnsGroup) => {
      if (!(await confirm({ title: `Delete nameserver group '${g.name}'?`, message: 'Clients stop asking its nameservers.', danger: true }))) return;
      remove.mutate(g.id, { onSuccess: () => toast.deleted('Nameserver group'), onError: fail });
    },
    [remove],
  );
  const onEdit = useCallback((g: DnsGroup) => setEditing({ group: g }), []);
  if (!user) return null;
  const writer = canWriteConfig(user);
  const close = () => setEditing(null);
  const addButton = writer && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
      Add nameserver group
    </Button>
  );

  return (
    <>
      <ConfigPageHeader
        title="DNS"
        subtitle="How MicroZAccess clients resolve names: nameserver groups in order, split by domain"
        onRefresh={() => void dns.refetch()}
        refreshing={dns.isFetching}
        actions={groups.length > 0 && addButton}
      />
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed" mb="sm">
          A name goes to the group with the longest matching domain, else to the first enabled primary group. Private names of published servers resolve for the
          clients allowed to reach them.
        </Text>
        {dns.isError ? (
          <ErrorPanel onRetry={() => void dns.refetch()} />
        ) : (
          <DnsGroupsTable
            groups={groups}
            loading={dns.isLoading}
            writer={writer}
            busy={save.isPending}
            nameOf={options.nameOf}
            onMove={onMove}
            onEdit={onEdit}
            onDelete={(g) => void onDelete(g)}
            emptyAction={addButton}
          />
        )}
      </Paper>
      <NamedModal opened={editing !== null} onClose={close} size="lg" centered name={editing?.group ? 'Edit nameserver group' : 'Add nameserver group'}>
        {editing && (
          <>
            <ModalHeader title={editing.group ? `Edit nameserver group: ${editing.group.name}` : 'Add nameserver group'} onClose={close} />
            <DnsGroupForm group={editing.group} options={options} onDone={close} />
          </>
        )}
      </NamedModal>
    </>
  );
}
