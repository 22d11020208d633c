import { z } from 'zod';
import { ROLES } from '../rules/roles';
import { documented, statingRules } from '../validators/documented';
import { isHttpUrl } from '../validators/http-url';
import { domainField } from '../ztna/fields';
import { email, name, text } from './request-fields';

/**
 * Organisation single sign-on (issue 35): the identity providers an organisation's owners set up,
 * the e-mail domains they prove they own, how the providers' groups map to Netloom roles and
 * groups, and the sign-in that ends in a Netloom session. Paths are under /api/v1/.
 */
export const SSO_PATHS = {
  providers: 'tenant/sso/providers/',
  provider: (id: string) => `tenant/sso/providers/${id}/`,
  domains: 'tenant/sso/domains/',
  domain: (id: string) => `tenant/sso/domains/${id}/`,
  domainVerify: (id: string) => `tenant/sso/domains/${id}/verify/`,
  mappings: 'tenant/sso/group-mappings/',
  mapping: (id: string) => `tenant/sso/group-mappings/${id}/`,
  settings: 'tenant/sso/settings/',
  /** Public: whether an e-mail's domain signs in with SSO (the login page asks before the password). */
  userDomain: 'auth/user-domain/',
  /** Public: where the browser goes to sign in with the e-mail's provider. */
  redirectUrl: 'auth/redirect-url/',
  /** Public: the provider's answer, handed over by the console's SSO page; answers a session. */
  complete: 'auth/sso/complete/',
  /** SAML 2.0 providers: added and changed from their IdP metadata. */
  samlProviders: 'tenant/sso/saml-providers/',
  samlProvider: (id: string) => `tenant/sso/saml-providers/${id}/`,
  /** Public: whether an e-mail's domain signs in with a SAML identity provider. */
  samlEnabled: 'auth/saml-enabled/',
  /** Public: Netloom's service provider metadata for one SAML provider (what the IdP is given). */
  samlMetadata: (id: string) => `auth/saml/${id}/metadata/`,
  /** Public: the assertion consumer service the IdP posts its SAMLResponse to. */
  samlAcs: (id: string) => `auth/saml/${id}/acs/`,
} as const;

/** The console page providers send the browser back to: the redirect URI owners register at their provider. */
export const SSO_CALLBACK_PATH = '/auth/sso';

export const SSO_KINDS = ['oidc', 'saml'] as const;
export type SsoKind = (typeof SSO_KINDS)[number];

const httpUrl = (message: string) =>
  documented(
    text(500).refine((v) => isHttpUrl(v), message),
    { format: 'uri', pattern: '^https?://' },
  );

/** Space-separated OAuth scopes; openid is always asked for. */
const scopes = documented(
  text(300).refine((v) => /^[\x21-\x7e]+( [\x21-\x7e]+)*$/.test(v), 'Scopes are words separated by single spaces'),
  { pattern: '^[\\x21-\\x7e]+( [\\x21-\\x7e]+)*$' },
);
const claimName = documented(
  text(100).refine((v) => /^[A-Za-z0-9_:./-]+$/.test(v), 'Use letters, digits and _ : . / -'),
  { pattern: '^[A-Za-z0-9_:./-]+$' },
);

/** One of the IdP's signing certificates; several at once while the IdP rolls its key over. */
export const samlCertificateSchema = z.object({
  subject: z.string(),
  fingerprint_sha256: z.string(),
  not_after: z.string(),
});
export type SamlCertificate = z.infer<typeof samlCertificateSchema>;

export const samlDetailsSchema = z.object({
  /** The IdP as its metadata names it. */
  idp_entity_id: z.string(),
  /** Where the browser is sent with the AuthnRequest (HTTP-Redirect binding). */
  idp_sso_url: z.string(),
  idp_certificates: z.array(samlCertificateSchema),
  /** Where the metadata was fetched from; null when it was pasted. */
  metadata_url: z.string().nullable(),
  /** Netloom's side, to give the IdP. */
  sp_entity_id: z.string(),
  acs_url: z.string(),
  sp_metadata_url: z.string(),
});
export type SamlDetails = z.infer<typeof samlDetailsSchema>;

export const ssoProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SSO_KINDS),
  enabled: z.boolean(),
  issuer: z.string(),
  client_id: z.string(),
  /** The secret itself is never answered. */
  client_secret_set: z.boolean(),
  scopes: z.string(),
  groups_claim: z.string(),
  /** What to register at the provider. */
  redirect_uri: z.string(),
  /** A SAML provider's IdP and Netloom's side of it; null for OpenID Connect. */
  saml: samlDetailsSchema.nullable(),
  created_at: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;
export const ssoProviderListSchema = z.object({ results: z.array(ssoProviderSchema) });

export const ssoProviderCreateBodySchema = z
  .object({
    name: name(80),
    kind: z.literal('oidc').default('oidc'),
    enabled: z.boolean().default(true),
    issuer: httpUrl('Enter the issuer URL, e.g. https://login.example.com'),
    client_id: name(200),
    client_secret: name(500),
    scopes: scopes.default('openid email profile'),
    groups_claim: claimName.default('groups'),
  })
  .strict();
export type SsoProviderCreateBody = z.input<typeof ssoProviderCreateBodySchema>;

/** Every field optional; a missing client_secret keeps the stored one. */
export const ssoProviderUpdateBodySchema = z
  .object({
    name: name(80),
    enabled: z.boolean(),
    issuer: httpUrl('Enter the issuer URL, e.g. https://login.example.com'),
    client_id: name(200),
    client_secret: name(500),
    scopes,
    groups_claim: claimName,
  })
  .partial()
  .strict();
export type SsoProviderUpdateBody = z.input<typeof ssoProviderUpdateBodySchema>;

/** The IdP's metadata (SAML 2.0), pasted; a document of this size holds many certificates. */
const metadataXml = text(200_000).min(1, 'Paste the IdP metadata XML');
const metadataUrl = httpUrl('Enter the metadata URL, e.g. https://idp.example.com/metadata');
export const SAML_METADATA_ONE_SOURCE = 'Give the metadata as a URL or as XML, not both';

/** Why the server cannot use the metadata it was given or fetched ({…}: what it found). */
export const SAML_METADATA_REFUSALS = {
  notXml: 'The metadata is not well-formed XML.',
  notMetadata: 'This is not SAML 2.0 metadata (an EntityDescriptor).',
  noIdp: 'The metadata describes no identity provider (IDPSSODescriptor).',
  noEntityId: 'The metadata names no entityID.',
  noRedirectSso: 'The identity provider has no SingleSignOnService with the HTTP-Redirect binding.',
  badCertificate: 'A signing certificate in the metadata cannot be read.',
  noCertificate: 'The metadata has no signing certificate: assertions could not be verified.',
  notHttps: 'The metadata URL must use https.',
  unreachable: 'The metadata URL could not be reached ({reason}).',
  answered: 'The metadata URL answered {status}.',
  tooLarge: 'The metadata is larger than 1 MB.',
  pasted: 'The metadata was pasted: paste it again to replace it.',
} as const;
const METADATA_RULES = Object.values(SAML_METADATA_REFUSALS);

/** A SAML 2.0 provider: its metadata as a URL Netloom fetches, or pasted. Signed assertions are always required. */
export const samlProviderCreateBodySchema = statingRules(
  z
    .object({
      name: name(80),
      enabled: z.boolean().default(true),
      metadata_url: metadataUrl.optional(),
      metadata_xml: metadataXml.optional(),
      /** The attribute that carries the user's groups. */
      groups_attribute: claimName.default('groups'),
    })
    .strict()
    .refine((b) => (b.metadata_url === undefined) !== (b.metadata_xml === undefined), { message: SAML_METADATA_ONE_SOURCE, path: ['metadata_url'] }),
  [SAML_METADATA_ONE_SOURCE, ...METADATA_RULES],
);
export type SamlProviderCreateBody = z.input<typeof samlProviderCreateBodySchema>;

/**
 * Every field optional. A new metadata_url or metadata_xml replaces the IdP's settings and
 * certificates; refresh_metadata fetches the stored URL again (the IdP rolled its certificate).
 */
export const samlProviderUpdateBodySchema = statingRules(
  z
    .object({
      name: name(80),
      enabled: z.boolean(),
      metadata_url: metadataUrl,
      metadata_xml: metadataXml,
      refresh_metadata: z.boolean(),
      groups_attribute: claimName,
    })
    .partial()
    .strict()
    .refine((b) => !(b.metadata_url !== undefined && b.metadata_xml !== undefined), { message: SAML_METADATA_ONE_SOURCE, path: ['metadata_url'] }),
  [SAML_METADATA_ONE_SOURCE, ...METADATA_RULES],
);
export type SamlProviderUpdateBody = z.input<typeof samlProviderUpdateBodySchema>;

export const samlEnabledSchema = z.object({
  /** The e-mail's domain signs in with its organisation's SAML 2.0 identity provider. */
  saml: z.boolean(),
});

/** What the IdP posts to the assertion consumer service (HTTP-POST binding, form-urlencoded). */
export const samlAcsBodySchema = z.object({
  SAMLResponse: text(500_000),
  RelayState: text(200).optional(),
});

export const ssoDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  /** Publish this TXT record, then verify. */
  txt_name: z.string(),
  txt_value: z.string(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type SsoDomain = z.infer<typeof ssoDomainSchema>;
export const ssoDomainListSchema = z.object({ results: z.array(ssoDomainSchema) });
export const ssoDomainBodySchema = z.object({ domain: domainField() }).strict();

export const ssoMappingSchema = z.object({
  id: z.string(),
  /** The group name (or id) as the provider sends it. */
  idp_group: z.string(),
  role: z.enum(ROLES).nullable(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  created_at: z.string(),
});
export type SsoMapping = z.infer<typeof ssoMappingSchema>;
export const ssoMappingListSchema = z.object({ results: z.array(ssoMappingSchema) });
export const SSO_MAPPING_NEEDS_TARGET = 'A mapping gives a role, a group or both';
export const ssoMappingBodySchema = statingRules(
  z
    .object({
      idp_group: name(200),
      role: z.enum(ROLES).nullable().default(null),
      group_id: z.string().uuid().nullable().default(null),
    })
    .strict()
    .refine((b) => b.role !== null || b.group_id !== null, { message: SSO_MAPPING_NEEDS_TARGET, path: ['role'] }),
  [SSO_MAPPING_NEEDS_TARGET],
);

/** Roles a user created at first sign-in may get by default: never owner. */
export const SSO_DEFAULT_ROLES = ['admin', 'editor', 'viewer', 'guest-user'] as const;

export const ssoSettingsSchema = z.object({
  /** Everyone but the owners (break-glass) signs in through SSO only. */
  require_sso: z.boolean(),
  /** The role of a user created at first sign-in when no group mapping gives one. */
  default_role: z.enum(SSO_DEFAULT_ROLES),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;
export const ssoSettingsBodySchema = ssoSettingsSchema.partial().strict();

export const userDomainBodySchema = z.object({ email }).strict();
export const userDomainSchema = z.object({
  /** The e-mail's domain signs in with its organisation's provider. */
  sso: z.boolean(),
  /** Passwords are refused for it (owners' break-glass accounts excepted). */
  required: z.boolean(),
});
export type UserDomain = z.infer<typeof userDomainSchema>;

export const redirectUrlBodySchema = z.object({ email, remember: z.boolean().default(false) }).strict();
export const redirectUrlSchema = z.object({ redirect_url: z.string() });

export const ssoCompleteBodySchema = z
  .object({
    /** The query string the provider sent the browser back with (code, state, iss or error). */
    params: text(4000),
  })
  .strict();
