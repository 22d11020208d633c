import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@netloom/domain';
import { sealedText } from '../sealed-secrets';
import { tenants } from './tenants';
import { userGroups } from './groups';

/** What Netloom keeps of a SAML IdP's metadata (the IdP's signing certificates as base64 DER). */
export interface SamlIdpSettings {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
  metadataUrl: string | null;
}

/** What a SAML assertion said of the user, kept from the ACS until the browser finishes the sign-in. */
export interface SamlIdentity {
  email: string | null;
  firstName: string;
  lastName: string;
  groups: string[];
}

/**
 * Identity providers an organisation signs in with: OpenID Connect (the client secret sealed at
 * rest) or SAML 2.0 (issuer holds the IdP's entity id, groups_claim the groups attribute, saml the rest).
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'oidc' | 'saml'>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: sealedText('client_secret').notNull(),
    scopes: text('scopes').notNull(),
    groupsClaim: text('groups_claim').notNull(),
    saml: jsonb('saml').$type<SamlIdpSettings>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_providers_tenant_idx').on(t.tenantId)],
);

/**
 * E-mail domains an organisation claims; verified by a DNS TXT record. A domain may be claimed by
 * several organisations while unverified, but verified by one only (the index): the first proof wins.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_domains_tenant_domain_idx').on(t.tenantId, t.domain),
    uniqueIndex('sso_domains_verified_idx')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/** A provider group (as the IdP names it) given a Netloom role, a Netloom group, or both, on every sign-in. */
export const ssoGroupMappings = pgTable(
  'sso_group_mappings',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    idpGroup: text('idp_group').notNull(),
    role: text('role').$type<Role>(),
    groupId: uuid('group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_group_mappings_tenant_idx').on(t.tenantId)],
);

/** The organisation's SSO policy; no row: SSO optional, new users viewers. */
export const ssoSettings = pgTable('sso_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  requireSso: boolean('require_sso').notNull().default(false),
  defaultRole: text('default_role').$type<Role>().notNull().default('viewer'),
});

/**
 * A sign-in on its way through a provider: what the answer must match (state, nonce, PKCE
 * verifier, the browser's binding cookie), kept in the database so that any instance can finish
 * it, and spent once.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    stateHash: text('state_hash').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    bindingHash: text('binding_hash').notNull(),
    /** OpenID Connect's checks; null for SAML. */
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    /** SAML: the AuthnRequest's ID the answer must be InResponseTo. */
    samlRequestId: text('saml_request_id'),
    /** SAML: the verified assertion's user, or why the ACS refused it; the browser's finish reads either. */
    samlIdentity: jsonb('saml_identity').$type<SamlIdentity>(),
    samlRefusal: text('saml_refusal'),
    email: text('email').notNull(),
    remember: boolean('remember').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sso_sign_ins_expires_idx').on(t.expiresAt)],
);

/**
 * SAML message ids, spent once across every instance: the AuthnRequests Netloom sent (until
 * answered or expired) and the assertions it accepted (until they expire), so a replayed
 * response is refused by whichever instance it reaches.
 */
export const ssoSamlIds = pgTable(
  'sso_saml_ids',
  {
    key: text('key').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
  },
  (t) => [index('sso_saml_ids_expires_idx').on(t.expiresAt)],
);
