import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ssoDomainBodySchema, type SsoDomain } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { fieldErrorMessage, formErrorMessage, validateForm } from '@/lib/forms';
import { useAddSsoDomain, useRemoveSsoDomain, useSsoDomains, useVerifySsoDomain } from '@/features/sso/api/sso-domains';
import { CopyValue } from './copy-value';

/** The e-mail domains whose users sign in with SSO, each proved by a DNS TXT record. */
export function DomainsSection() {
  const domains = useSsoDomains();
  const add = useAddSsoDomain();
  const verify = useVerifySsoDomain();
  const remove = useRemoveSsoDomain();
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    const v = validateForm(ssoDomainBodySchema, { domain });
    if ('errors' in v) return setError(v.errors.domain);
    add.mutate(v.data.domain, {
      onSuccess: () => {
        setDomain('');
        setError(undefined);
      },
      onError: (e) => setError(fieldErrorMessage(e, 'domain') || formErrorMessage(e)),
    });
  };

  const onVerify = (d: SsoDomain) =>
    verify.mutate(d.id, { onSuccess: () => toast.success(`${d.domain} verified`, 'edited'), onError: (e) => toast.error(formErrorMessage(e)) });

  const onRemove = async (d: SsoDomain) => {
    if (!(await confirm({ title: `Remove ${d.domain}?`, message: 'Its users no longer sign in with single sign-on.', danger: true }))) return;
    remove.mutate(d.id, { onError: (e) => toast.error(formErrorMessage(e)) });
  };

  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={3}>Domains</Title>
        <Text size="sm" c="dimmed">
          Users whose e-mail is in a verified domain sign in with your identity provider. Publish the TXT record shown, then verify.
        </Text>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group align="flex-start">
            <TextInput aria-label="Domain" placeholder="example.com" value={domain} onChange={(e) => setDomain(e.currentTarget.value)} error={error} />
            <Button type="submit" loading={add.isPending}>
              Add domain
            </Button>
          </Group>
        </form>
        {domains.isError ? (
          <ErrorPanel onRetry={() => void domains.refetch()} />
        ) : !domains.data ? (
          <Skeleton h={60} />
        ) : (
          <Table>
            <Table.Tbody>
              {domains.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Stack gap="xs">
                      <Group>
                        <Text fw={500}>{d.domain}</Text>
                        {d.verified_at ? <Badge color="green">Verified</Badge> : <Badge color="yellow">Not verified</Badge>}
                      </Group>
                      {!d.verified_at && (
                        <Group grow align="flex-end">
                          <CopyValue label="TXT record name" value={d.txt_name} />
                          <CopyValue label="TXT record value" value={d.txt_value} />
                        </Group>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td w={180}>
                    <Group gap="xs" justify="flex-end">
                      {!d.verified_at && (
                        <Button size="xs" variant="light" onClick={() => onVerify(d)} loading={verify.isPending && verify.variables === d.id}>
                          Verify
                        </Button>
                      )}
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${d.domain}`} onClick={() => void onRemove(d)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
