import type { SsoProvider } from '@netloom/domain';
import { certificateInfo } from './saml-metadata';
import type { SamlSpUrls } from './saml';
import type { ProviderRow } from './repo';

/** What owners see of a provider: never its secret; for SAML, the IdP read from its metadata and Netloom's side to copy. */
export function providerDto(row: ProviderRow, redirectUri: string, samlUrls: (id: string) => SamlSpUrls): SsoProvider {
  const sp = row.kind === 'saml' ? samlUrls(row.id) : null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    enabled: row.enabled,
    issuer: row.issuer,
    client_id: row.clientId,
    client_secret_set: row.clientSecret.length > 0,
    scopes: row.scopes,
    groups_claim: row.groupsClaim,
    redirect_uri: redirectUri,
    saml:
      sp && row.saml
        ? {
            idp_entity_id: row.saml.entityId,
            idp_sso_url: row.saml.ssoUrl,
            idp_certificates: row.saml.certificates.map(certificateInfo),
            metadata_url: row.saml.metadataUrl,
            sp_entity_id: sp.spEntityId,
            acs_url: sp.acsUrl,
            sp_metadata_url: sp.spMetadataUrl,
          }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}
