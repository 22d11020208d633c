import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { formatDate, type Tenant } from '@netloom/domain';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { useCurrentUser } from '@/lib/session/session-store';
import { useSelectedTenant } from '@/lib/tenant-selection';
import { useTenants } from '@/features/tenants/api/get-tenants';
import { useSwitchTenant } from '@/features/tenants/api/use-switch-tenant';
import { ActionsHeader } from '@/components/data-table/actions-header';

export interface TenantListPageProps {
  /** Extra header actions (Create tenant), composed by the route. */
  headerActions?: ReactNode;
  /** A tenant's administration menu, composed by the route. */
  rowActions?: (t: Tenant) => ReactNode;
  /** Dialogs the actions open. */
  children?: ReactNode;
}

/** The super admin's home (spec 000 §6): every tenant, one click to work on it. */
export function TenantListPage({ headerActions, rowActions, children }: TenantListPageProps) {
  const user = useCurrentUser();
  const tenants = useTenants();
  const selected = useSelectedTenant();
  const switchTenant = useSwitchTenant();
  // The search term lives in the URL so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [term, setTerm] = useState(q);

  const rows = (tenants.data?.results ?? []).filter((t) => t.tenantname.toLowerCase().includes(q.trim().toLowerCase()));

  return (
    <>
      <PageHeader
        title="Tenants"
        subtitle={selected ? `Working on ${selected.tenantname}` : 'Select a tenant to open its dashboards'}
        actions={
          <Group gap="sm" wrap="nowrap">
            <TextInput
              placeholder="Search tenants"
              leftSection={<IconSearch size={16} />}
              value={term}
              w={260}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setTerm(v);
                setParams(v ? { q: v } : {}, { replace: true });
              }}
            />
            {headerActions}
          </Group>
        }
      />
      <Paper withBorder>
        {tenants.isError ? (
          <ErrorPanel onRetry={() => void tenants.refetch()} />
        ) : tenants.isLoading ? (
          <Skeleton h={160} m="md" />
        ) : rows.length === 0 ? (
          <EmptyState title={q ? 'No Matching Result(s).' : 'No tenants yet'} />
        ) : (
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tenant</Table.Th>
                <Table.Th>Subscriptions</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t) => (
                <Table.Tr key={t.id} style={{ cursor: 'pointer' }} onClick={() => void switchTenant(t)}>
                  <Table.Td>
                    {/* The row takes a click anywhere; the name is its way in from the keyboard. */}
                    <UnstyledButton
                      fw={600}
                      fz="sm"
                      onClick={(e) => {
                        e.stopPropagation();
                        void switchTenant(t);
                      }}
                    >
                      {t.tenantname}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {t.all_product_access ? (
                        <Badge variant="light" color="grape">
                          all products
                        </Badge>
                      ) : (
                        t.subscriptions.map((s) => (
                          <Badge key={s} variant="light">
                            {s}
                          </Badge>
                        ))
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={t.suspended ? 'red' : 'green'} variant="dot">
                      {t.suspended ? 'Suspended' : 'Active'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {formatDate(t.created_at, { timezone: user?.timezone, format: 'DD MMM YY' })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant={selected?.id === t.id ? 'filled' : 'light'}
                        rightSection={<IconArrowRight size={14} />}
                        aria-label={`Open ${t.tenantname}`}
                      >
                        {selected?.id === t.id ? 'Current' : 'Open'}
                      </Button>
                      {rowActions?.(t)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {children}
    </>
  );
}
