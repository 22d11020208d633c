import { passwordRefusedBySso } from '@netloom/domain';
import type { Db } from '../../db/client';
import { rolesUnderRequiredSso } from './repo';

export { ssoRoutes } from './routes';
export { ssoSignInRoutes } from './sign-in-routes';
export { SsoSettingsService } from './settings-service';
export { SsoSignInService } from './sign-in';
export { SsoProvisioning } from './provisioning';
export { OidcClients } from './oidc';
export { SamlClients } from './saml';
export { SamlSettingsService } from './saml-settings-service';
export { samlProviderRoutes } from './saml-routes';
export { dnsTxtLookup, withLabDomains } from './dns';

/**
 * Whether the organisation's SSO policy refuses this user a password (or Google) sign-in: a member
 * (not an owner) of an organisation that requires SSO and has a provider enabled.
 */
export const passwordRefusedForUser =
  (db: Db) =>
  async (userId: string): Promise<boolean> =>
    (await rolesUnderRequiredSso(db, userId)).some((role) => passwordRefusedBySso(true, role));
