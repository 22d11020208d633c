import { z } from 'zod';
import { hasRole, ROLES, type Actor } from '../rules/roles';
import { name } from './request-fields';

// Organisation settings → User provisioning (SCIM): the tokens an identity provider pushes users with.

export const SCIM_PATHS = {
  /** GET lists, POST creates a token (its secret answered once). */
  tokens: 'tenant/scim/tokens/',
  /** DELETE revokes a token: the provider holding it is refused from then on. */
  token: (id: string) => `tenant/scim/tokens/${id}/`,
} as const;

/** Where providers reach the SCIM 2.0 service, under the console's public URL. */
export const SCIM_BASE_PATH = '/scim/v2';

/**
 * A provisioning token creates, changes and deactivates any account of the organisation, owners
 * excepted: as strong as an owner, so owners (and a super admin acting in the tenant) manage them.
 */
export const canManageProvisioning = (a: Actor) => hasRole(a, ['owner']);

/** Roles a provider's new users may get: any but owner (an owner is made by another owner, by hand). */
export const SCIM_ROLES = ROLES.filter((r) => r !== 'owner');

export const scimTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the token, to tell tokens apart. */
  prefix: z.string(),
  default_role: z.enum(SCIM_ROLES),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

export const scimTokenListSchema = z.object({ results: z.array(scimTokenSchema) });

/** The one answer that holds the token itself: it is stored hashed and never shown again. */
export const scimTokenCreatedSchema = scimTokenSchema.extend({ token: z.string() });
export type ScimTokenCreated = z.infer<typeof scimTokenCreatedSchema>;

export const scimTokenCreateBodySchema = z.object({
  name: name(100),
  default_role: z.enum(SCIM_ROLES).default('viewer'),
});
export type ScimTokenCreateBody = z.input<typeof scimTokenCreateBodySchema>;
