import type { Role } from './roles';

/** The domain part of an e-mail, lower case ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * Owners prove a domain by publishing a TXT record under a name of Netloom's own (so the record
 * sits beside, not among, the domain's SPF and other TXT records).
 */
export const ssoTxtName = (domain: string) => `_netloom-challenge.${domain}`;
export const ssoTxtValue = (token: string) => `netloom-verification=${token}`;

/** Whether the TXT answer (each record as its character strings) carries the token. */
export function txtRecordsVerify(records: readonly (readonly string[])[], token: string): boolean {
  // A long TXT record comes in several strings of 255 characters at most; they make one value.
  return records.some((strings) => strings.join('').trim() === ssoTxtValue(token));
}

/** Most privileged first: a user in several mapped groups gets the most privileged role they map to. */
const ROLE_ORDER: readonly Role[] = ['owner', 'admin', 'editor', 'viewer', 'guest-user'];

/**
 * The role an SSO sign-in leaves a member with. Mappings that match decide (the most privileged
 * wins); without one, a new user gets the default role and an existing one keeps theirs. Owners
 * are never changed by a provider: they are managed by hand and keep the organisation's
 * break-glass access, so an IdP group change cannot lock the organisation out of its own settings.
 */
export function ssoRoleFor(input: { current: Role | null; defaultRole: Role; mappedRoles: readonly Role[] }): Role {
  if (input.current === 'owner') return 'owner';
  const mapped = ROLE_ORDER.find((r) => input.mappedRoles.includes(r));
  return mapped ?? input.current ?? input.defaultRole;
}

/**
 * Netloom groups a sign-in adds the user to and takes them out of: only groups some mapping names
 * are managed by SSO; membership of any other group is left as it is.
 */
export function ssoGroupChanges(input: { managed: readonly string[]; matched: readonly string[]; current: readonly string[] }): {
  add: string[];
  remove: string[];
} {
  const matched = new Set(input.matched);
  const current = new Set(input.current);
  return {
    add: [...matched].filter((g) => !current.has(g)),
    remove: input.managed.filter((g) => !matched.has(g) && current.has(g)),
  };
}

/** An organisation that requires SSO refuses passwords (and Google) to everyone but its owners, its break-glass accounts. */
export const passwordRefusedBySso = (requireSso: boolean, role: Role | null) => requireSso && role !== 'owner';

/** The provider's groups claim or attribute as a list of names: a list, a single string, or nothing. */
export function groupsFromClaim(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}
