import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SCIM_BASE_PATH, canManageProvisioning, type ScimToken, type ScimTokenCreated } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { useCurrentUser } from '@/lib/session/session-store';
import { useScimTokens } from '@/features/scim/api/get-scim-tokens';
import { useRevokeScimToken } from '@/features/scim/api/revoke-scim-token';
import { CopyField } from './copy-field';
import { ScimTokenForm } from './scim-token-form';
import { ScimTokensTable } from './scim-tokens-table';

/** Where providers reach the service: this console's own address. */
const scimBaseUrl = () => `${window.location.origin}${SCIM_BASE_PATH}`;

/**
 * Organisation settings → User provisioning (SCIM), for owners: the base URL and a token to give
 * an identity provider (Okta, Microsoft Entra ID) so it creates, updates and deactivates the
 * organisation's people. A token stands for the whole organisation, so only owners see this.
 */
export function ScimProvisioningCard() {
  const user = useCurrentUser();
  const owner = !!user && canManageProvisioning(user);
  const tokens = useScimTokens(owner);
  const revoke = useRevokeScimToken();
  const [created, setCreated] = useState<ScimTokenCreated | null>(null);
  if (!owner) return null;

  const onRevoke = async (t: ScimToken) => {
    const yes = await confirm({
      title: `Revoke ${t.name}?`,
      message: 'The identity provider holding this token is refused from its next call. The people it provisioned stay as they are.',
      confirmLabel: 'Revoke',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!yes) return;
    await revoke.mutateAsync(t.id);
    if (created?.id === t.id) setCreated(null);
    toast.success('Provisioning token', 'deleted');
  };

  return (
    <Paper withBorder p="lg" mt="lg" component="section" aria-labelledby="scim-title">
      <Stack gap="md">
        <div>
          <Title order={3} fz="lg" id="scim-title">
            User provisioning (SCIM)
          </Title>
          <Text size="sm" c="dimmed">
            Connect your identity provider's SCIM 2.0 provisioning: it creates people here, keeps their names and groups, and a person it deactivates or removes
            loses access at once (signed out everywhere, zero-trust access withdrawn from their devices).
          </Text>
        </div>
        <div>
          <Text size="sm" fw={600} mb={4}>
            SCIM base URL
          </Text>
          <CopyField label="SCIM base URL" value={scimBaseUrl()} copyLabel="Copy URL" />
        </div>
        {created && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={`Copy the token for ${created.name} now`}>
            <Stack gap="xs">
              <Text size="sm">
                It is shown only this once; the list keeps just its first characters ({created.prefix}…). Paste it as the provider's bearer token.
              </Text>
              <CopyField label="Provisioning token" value={created.token} copyLabel="Copy token" />
              <Group justify="flex-end">
                <Button variant="default" size="xs" onClick={() => setCreated(null)}>
                  Done
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <ScimTokenForm onCreated={setCreated} />
        {tokens.isError ? (
          <ErrorPanel onRetry={() => void tokens.refetch()} />
        ) : !tokens.data ? (
          <Skeleton h={80} />
        ) : (
          <ScimTokensTable tokens={tokens.data} timezone={user.timezone ?? null} onRevoke={(t) => void onRevoke(t)} />
        )}
      </Stack>
    </Paper>
  );
}
