import { useState } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { securityGroupMembersSchema } from '@netloom/domain';
import type { z } from 'zod';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { SelectField } from '@/components/inputs/select-field';
import { useSecurityGroupMembers } from '@/features/ztna-overlay/api/get-security-group-members';
import { useSecurityGroups } from '@/features/ztna-overlay/api/get-security-groups';
import { KIND_LABELS, ruleText } from './overlay-labels';

type MemberEndpoint = z.infer<typeof securityGroupMembersSchema>['endpoints'][number];

const BY: Record<MemberEndpoint['by'], { label: string; color: string }> = {
  static: { label: 'Listed', color: 'blue' },
  rule: { label: 'By rule', color: 'grape' },
  user: { label: 'By its user', color: 'teal' },
};

const ENDPOINT_COLUMNS: DataTableColumn<MemberEndpoint>[] = [
  { key: 'name', header: 'Endpoint' },
  { key: 'user', header: 'User', render: (e) => e.user ?? '—' },
  {
    key: 'by',
    header: 'Member',
    render: (e) => (
      <Badge color={BY[e.by].color} variant="light" tt="none">
        {BY[e.by].label}
      </Badge>
    ),
  },
];

/** Group membership: pick a security group and see who is in it now, and why. */
export function GroupMembershipTab() {
  const groups = useSecurityGroups();
  const [id, setId] = useState<string | null>(null);
  const members = useSecurityGroupMembers(id);
  const group = groups.data?.find((g) => g.id === id) ?? null;

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <SelectField
          label="Security group"
          placeholder="Pick a security group"
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          value={id}
          onChange={setId}
          maw={360}
          searchable
        />
        {!group ? (
          <EmptyState
            title="Pick a security group"
            description="Its users and endpoints show here: listed by hand, added by its rule, or through their user."
          />
        ) : members.isError ? (
          <ErrorPanel onRetry={() => void members.refetch()} />
        ) : (
          <>
            <Group gap="lg">
              <Text size="sm">
                <b>Holds:</b> {KIND_LABELS[group.kind]}
              </Text>
              <Text size="sm">
                <b>Rule:</b> {ruleText(group.rule)}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              <div>
                <Title order={4} fz="sm" mb={4}>
                  Users ({members.data?.users.length ?? '…'})
                </Title>
                <Stack gap={2} aria-label="Member users" role="list">
                  {(members.data?.users ?? []).map((u) => (
                    <Text key={u} size="sm" role="listitem">
                      {u}
                    </Text>
                  ))}
                  {members.data?.users.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No users
                    </Text>
                  )}
                </Stack>
              </div>
              <div style={{ gridColumn: 'span 2' }}>
                <Title order={4} fz="sm" mb={4}>
                  Endpoints ({members.data?.endpoints.length ?? '…'})
                </Title>
                <DataTable
                  label="Member endpoints"
                  columns={ENDPOINT_COLUMNS}
                  rows={members.data?.endpoints ?? []}
                  getRowId={(e) => e.id}
                  loading={members.isLoading}
                  options={{ search: true, sort: true, download: false, paging: true }}
                  emptyState={<EmptyState title="No endpoints" description="No endpoint is listed, matches the rule or belongs to a member user." />}
                />
              </div>
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}
