import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { SsoProvider } from '@netloom/domain';
import { CopyValue } from './copy-value';

/** Netloom's side of a SAML provider, to give the IdP: its entity id, ACS URL and metadata. */
export function SamlSpDetails({ provider }: { provider: SsoProvider }) {
  const saml = provider.saml;
  if (!saml) return null;
  return (
    <Paper withBorder p="md" aria-label={`Service provider details for ${provider.name}`} role="group">
      <Stack gap="xs">
        <Text fw={500}>Give {provider.name} these (SAML 2.0 service provider)</Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <CopyValue label={`SP entity ID of ${provider.name}`} value={saml.sp_entity_id} />
          <CopyValue label={`ACS URL of ${provider.name}`} value={saml.acs_url} />
        </SimpleGrid>
        <Anchor href={saml.sp_metadata_url} target="_blank" rel="noreferrer" size="sm">
          SP metadata of {provider.name} (XML)
        </Anchor>
      </Stack>
    </Paper>
  );
}
