import { z } from 'zod';
import { isEmail } from '../validators/email';
import { storableText } from '../validators/storable-text';

// SCIM 2.0 (RFC 7643 resources, RFC 7644 protocol) as identity providers such as Okta and
// Microsoft Entra ID speak it to the organisation's provisioning endpoint.

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json';

/** RFC 7644 §3.12's scimType values this service answers with. */
export type ScimErrorType = 'invalidFilter' | 'invalidValue' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'uniqueness' | 'mutability' | 'tooMany';

/** The most of one page, and of a group's members in one request (the provider pages beyond it). */
export const SCIM_MAX_PAGE = 200;
export const SCIM_MAX_MEMBERS = 1000;

/**
 * Entra ID has sent booleans as the strings "True" and "False"; both spellings mean the boolean.
 * Anything else is not a boolean.
 */
export const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i)
    .transform((s) => s.toLowerCase() === 'true'),
]);

const text = (max: number) => storableText().trim().max(max);
const emailValue = storableText().trim().toLowerCase().max(254).refine(isEmail, 'userName must be an e-mail address');

/**
 * A User as POST and PUT carry it. Providers send many attributes the console has no place for
 * (phone numbers, titles, the enterprise extension): they are accepted and not kept.
 */
export const scimUserInputSchema = z.looseObject({
  schemas: z.array(z.string()).max(20).optional(),
  userName: emailValue,
  externalId: text(255).nullish(),
  name: z.looseObject({ givenName: text(50).nullish(), familyName: text(50).nullish(), formatted: text(200).nullish() }).nullish(),
  displayName: text(200).nullish(),
  emails: z
    .array(z.looseObject({ value: storableText().max(254), primary: scimBoolean.nullish(), type: text(50).nullish() }))
    .max(20)
    .nullish(),
  active: scimBoolean.nullish(),
});
export type ScimUserInput = z.output<typeof scimUserInputSchema>;

/** A member of a group: the id of one of the organisation's users. */
const memberRef = z.looseObject({ value: z.string().max(100), display: z.string().max(300).nullish() });

export const scimGroupInputSchema = z.looseObject({
  schemas: z.array(z.string()).max(20).optional(),
  displayName: storableText().trim().min(1, 'displayName is required').max(50),
  externalId: text(255).nullish(),
  members: z.array(memberRef).max(SCIM_MAX_MEMBERS).nullish(),
});
export type ScimGroupInput = z.output<typeof scimGroupInputSchema>;

export const scimPatchSchema = z.looseObject({
  schemas: z.array(z.string()).max(20).optional(),
  Operations: z
    .array(
      z.looseObject({
        // Entra ID capitalises the verb (Add, Replace, Remove).
        op: z.string().regex(/^(add|replace|remove)$/i, 'op must be add, replace or remove'),
        path: z.string().max(500).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(SCIM_MAX_MEMBERS),
});
export type ScimPatchBody = z.output<typeof scimPatchSchema>;

/** startIndex is 1-based; a count past the most is cut to it, below 0 is 0 (RFC 7644 §3.4.2.4). */
export const scimListQuerySchema = z.looseObject({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().catch(1).optional(),
  count: z.coerce.number().int().catch(SCIM_MAX_PAGE).optional(),
  excludedAttributes: z.string().max(500).optional(),
  attributes: z.string().max(500).optional(),
});

export function pageOf(q: { startIndex?: number; count?: number }): { offset: number; limit: number; startIndex: number } {
  const startIndex = Math.max(1, q.startIndex ?? 1);
  const limit = Math.min(SCIM_MAX_PAGE, Math.max(0, q.count ?? SCIM_MAX_PAGE));
  return { offset: startIndex - 1, limit, startIndex };
}
