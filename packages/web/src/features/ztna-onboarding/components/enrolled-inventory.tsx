import { useMemo, useState } from 'react';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { toCsv, type User } from '@netloom/domain';
import { downloadCsv } from '@/components/data-table/csv-download';
import { DataTable } from '@/components/data-table/data-table';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useTenantScope } from '@/lib/tenant-scope';
import { fetchInventory, useInventory } from '@/features/ztna-onboarding/api/get-inventory';
import { INVENTORY_CSV, inventoryColumns, inventoryCsvRow } from './inventory-columns';
import { InventoryPager } from './inventory-pager';
import { useInventoryView } from './use-inventory-view';
import { useSecurityGroupOptions } from './use-security-group-options';

/** Inventory › Enrolled: the enrolled endpoints, searched and paged by the server, with their posture, profile and sync. */
export function EnrolledInventory({ user }: { user: User }) {
  const tid = useTenantScope();
  const view = useInventoryView();
  const [term, setTerm] = useState(view.search);
  const [downloading, setDownloading] = useState(false);
  const groups = useSecurityGroupOptions();
  const inventory = useInventory({ state: 'enrolled', search: view.search, page: view.page, pageSize: view.size });
  const columns = useMemo(() => inventoryColumns(groups.nameOf), [groups.nameOf]);
  const submit = () => term.trim() !== view.search && view.setSearch(term.trim());

  // Every row of the search, not just the page shown.
  const download = async () => {
    if (!tid) return;
    setDownloading(true);
    try {
      const all = await fetchInventory(tid, { state: 'enrolled', search: view.search, page: 1, pageSize: 0 });
      const text = toCsv(
        all.results.map((r) => inventoryCsvRow(r, groups.nameOf, user.timezone)),
        INVENTORY_CSV,
      );
      if (text !== null) downloadCsv('enrolled-inventory', text);
    } catch (e) {
      toast.error(formErrorMessage(e));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <TextInput
          aria-label="Search endpoints"
          placeholder="Search by name, user, OS or address"
          leftSection={<IconSearch size={16} />}
          w={320}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          onBlur={submit}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          disabled={!inventory.data?.count}
          onClick={() => void download()}
        >
          Download CSV
        </Button>
      </Group>
      {inventory.isError ? (
        <ErrorPanel onRetry={() => void inventory.refetch()} />
      ) : (
        <DataTable
          label="Enrolled endpoints"
          columns={columns}
          rows={inventory.data?.results ?? []}
          loading={inventory.isLoading}
          timezone={user.timezone}
          options={{ search: false, sort: true, paging: false, download: false }}
          emptyState={
            view.search ? (
              <EmptyState title="No Matching Result(s)." description={`No enrolled endpoint matches '${view.search}'.`} />
            ) : (
              <EmptyState title="No enrolled endpoints yet" description="Invite users or hand out an enrolment key (Organization › Onboarding)." />
            )
          }
        />
      )}
      <InventoryPager count={inventory.data?.count} page={view.page} size={view.size} onPage={view.setPage} onSize={view.setSize} />
    </Paper>
  );
}
