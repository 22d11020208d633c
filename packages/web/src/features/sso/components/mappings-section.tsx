import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ROLES, ssoMappingBodySchema, type Role } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage, validateForm, type FormErrors } from '@/lib/forms';
import { useAddSsoMapping, useMappableGroups, useRemoveSsoMapping, useSsoMappings } from '@/features/sso/api/sso-mappings';

/** Provider groups given Netloom roles and groups on every sign-in. */
export function MappingsSection() {
  const mappings = useSsoMappings();
  const groups = useMappableGroups();
  const add = useAddSsoMapping();
  const remove = useRemoveSsoMapping();
  const [idpGroup, setIdpGroup] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});

  const submit = () => {
    const v = validateForm(ssoMappingBodySchema, { idp_group: idpGroup, role, group_id: groupId });
    if ('errors' in v) return setErrors(v.errors);
    setErrors({});
    add.mutate(
      { idp_group: v.data.idp_group, role: v.data.role as Role | null, group_id: v.data.group_id },
      {
        onSuccess: () => {
          setIdpGroup('');
          setRole(null);
          setGroupId(null);
        },
        onError: (e) => toast.error(formErrorMessage(e)),
      },
    );
  };

  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={3}>Group mappings</Title>
        <Text size="sm" c="dimmed">
          Applied on every sign-in: the most privileged mapped role wins; owners are never changed. Users in no mapped group keep their role.
        </Text>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group align="flex-start">
            <TextInput label="Provider group" value={idpGroup} onChange={(e) => setIdpGroup(e.currentTarget.value)} error={errors.idp_group} />
            <Select label="Role" data={[...ROLES]} value={role} onChange={setRole} clearable error={errors.role} />
            <Select
              label="Netloom group"
              data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              value={groupId}
              onChange={setGroupId}
              clearable
            />
            <Button type="submit" mt={25} loading={add.isPending}>
              Add mapping
            </Button>
          </Group>
        </form>
        {mappings.isError ? (
          <ErrorPanel onRetry={() => void mappings.refetch()} />
        ) : !mappings.data ? (
          <Skeleton h={60} />
        ) : (
          mappings.data.length > 0 && (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Provider group</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Netloom group</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mappings.data.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{m.idp_group}</Table.Td>
                    <Table.Td>{m.role ?? '—'}</Table.Td>
                    <Table.Td>{m.group_name ?? '—'}</Table.Td>
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove the mapping of ${m.idp_group}`} onClick={() => remove.mutate(m.id)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        )}
      </Stack>
    </Paper>
  );
}
