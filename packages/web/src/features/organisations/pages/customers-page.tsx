import { Paper } from '@mantine/core';
import type { Customer } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useCustomers } from '@/features/organisations/api/get-customers';

type Row = Customer & { status: string; products: string };

const columns: DataTableColumn<Row>[] = [
  { key: 'tenantname', header: 'Customer' },
  { key: 'owner_email', header: 'Owner' },
  { key: 'products', header: 'Subscriptions' },
  { key: 'status', header: 'Status' },
  { key: 'devices', header: 'Devices', rowAlign: 'right' },
  { key: 'users', header: 'Users', rowAlign: 'right' },
  { key: 'created_at', header: 'Created', type: 'date' },
];

/** Every tenant as a customer of the provider (super admin). */
export function CustomersPage() {
  const user = useCurrentUser();
  const customers = useCustomers();
  const rows: Row[] = (customers.data?.results ?? []).map((c) => ({
    ...c,
    status: c.suspended ? 'Suspended' : 'Active',
    products: c.all_product_access ? 'all products' : c.subscriptions.join(', ') || 'ztna',
  }));
  return (
    <>
      <PageHeader title="Customers" subtitle="Tenants with their owner, products, devices and users" />
      <Paper withBorder p="md">
        {customers.isError ? (
          <ErrorPanel onRetry={() => void customers.refetch()} />
        ) : (
          <DataTable
            label="Customers"
            columns={columns}
            rows={rows}
            loading={customers.isLoading}
            timezone={user?.timezone}
            options={{ search: true, sort: true, paging: true, download: true, refresh: true }}
            csv={{ title: 'customers' }}
            onRefresh={() => customers.refetch()}
          />
        )}
      </Paper>
    </>
  );
}
