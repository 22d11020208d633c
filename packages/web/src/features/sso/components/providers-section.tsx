import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { SSO_CALLBACK_PATH, formatDate, type SsoProvider } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { FormModal } from '@/components/dialogs/form-modal';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useDeleteSsoProvider, useSsoProviders } from '@/features/sso/api/sso-providers';
import { CopyValue } from './copy-value';
import { ProviderKindForm } from './provider-kind-form';
import { SamlSpDetails } from './saml-sp-details';

/** The identity providers, and the redirect URI to register at each. */
export function ProvidersSection() {
  const providers = useSsoProviders();
  const remove = useDeleteSsoProvider();
  const [editing, setEditing] = useState<SsoProvider | 'new' | null>(null);
  // The server says where it is reached (PUBLIC_URL); before any provider exists, this page's own address.
  const redirectUri = providers.data?.[0]?.redirect_uri ?? `${window.location.origin}${SSO_CALLBACK_PATH}`;

  const onDelete = async (p: SsoProvider) => {
    if (!(await confirm({ title: `Remove ${p.name}?`, message: 'Its users can no longer sign in with it.', danger: true }))) return;
    remove.mutate(p.id, { onSuccess: () => toast.deleted('Identity provider'), onError: (e) => toast.error(formErrorMessage(e)) });
  };

  return (
    <Paper withBorder p="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>Identity providers</Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add provider
          </Button>
        </Group>
        <CopyValue label="Redirect URI (register it at your provider)" value={redirectUri} />
        {providers.isError ? (
          <ErrorPanel onRetry={() => void providers.refetch()} />
        ) : !providers.data ? (
          <Skeleton h={80} />
        ) : providers.data.length === 0 ? (
          <Text c="dimmed">
            No identity provider yet. Add your OpenID Connect or SAML 2.0 provider (Okta, Microsoft Entra ID, Google Workspace, Keycloak, ADFS…).
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Protocol</Table.Th>
                <Table.Th>Issuer</Table.Th>
                <Table.Th>Certificates</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {providers.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{p.kind === 'saml' ? 'SAML 2.0' : 'OpenID Connect'}</Table.Td>
                  <Table.Td>{p.issuer}</Table.Td>
                  <Table.Td>
                    <CertificateExpiry provider={p} />
                  </Table.Td>
                  <Table.Td>{p.enabled ? <Badge color="green">Enabled</Badge> : <Badge color="gray">Disabled</Badge>}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <ActionIcon variant="subtle" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${p.name}`} onClick={() => void onDelete(p)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {providers.data
          ?.filter((p) => p.kind === 'saml')
          .map((p) => (
            <SamlSpDetails key={p.id} provider={p} />
          ))}
      </Stack>
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        label={editing === 'new' ? 'Add identity provider' : 'Edit identity provider'}
        size="lg"
      >
        <Title order={3} mb="md">
          {editing === 'new' ? 'Add identity provider' : 'Edit identity provider'}
        </Title>
        {editing !== null && (
          <ProviderKindForm key={editing === 'new' ? 'new' : editing.id} provider={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </FormModal>
    </Paper>
  );
}

/** When each IdP signing certificate expires (an expired one signs nothing Netloom accepts for long); '—' for OpenID Connect. */
function CertificateExpiry({ provider }: { provider: SsoProvider }) {
  const certs = provider.saml?.idp_certificates ?? [];
  if (certs.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {certs.map((c) => {
        const expired = Date.parse(c.not_after) < Date.now();
        return (
          <Text key={c.fingerprint_sha256} size="sm" c={expired ? 'red' : undefined} title={`${c.subject}\nSHA-256 ${c.fingerprint_sha256}`}>
            {expired ? 'Expired' : 'Expires'} {formatDate(c.not_after)}
          </Text>
        );
      })}
    </Stack>
  );
}
