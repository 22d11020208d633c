import { SCIM_SCHEMAS, type ScimErrorType, type ScimUserInput } from './schema';

/** An account of the organisation as SCIM shows it. */
export interface ScimUserView {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
  externalId: string | null;
  createdAt: Date;
}

export interface ScimGroupView {
  id: string;
  name: string;
  externalId: string | null;
  createdAt: Date;
  members: { id: string; email: string }[];
}

const meta = (resourceType: 'User' | 'Group', location: string, created: Date) => ({
  resourceType,
  created: created.toISOString(),
  // Netloom keeps no modification time of accounts; the creation is the honest lower bound.
  lastModified: created.toISOString(),
  location,
});

export function toScimUser(u: ScimUserView, base: string) {
  const formatted = [u.firstName, u.lastName].filter(Boolean).join(' ');
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: u.id,
    ...(u.externalId ? { externalId: u.externalId } : {}),
    userName: u.email,
    name: { givenName: u.firstName, familyName: u.lastName, formatted },
    displayName: formatted || u.email,
    emails: [{ value: u.email, type: 'work', primary: true }],
    active: u.active,
    meta: meta('User', `${base}/Users/${u.id}`, u.createdAt),
  };
}
export type ScimUser = ReturnType<typeof toScimUser>;

export function toScimGroup(g: ScimGroupView, base: string) {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: g.id,
    ...(g.externalId ? { externalId: g.externalId } : {}),
    displayName: g.name,
    members: g.members.map((m) => ({ value: m.id, display: m.email, $ref: `${base}/Users/${m.id}` })),
    meta: meta('Group', `${base}/Groups/${g.id}`, g.createdAt),
  };
}
export type ScimGroup = ReturnType<typeof toScimGroup>;

/** What of a SCIM User the console keeps: the account's names, its state and the provider's id for it. */
export interface UserFields {
  email: string;
  firstName: string;
  lastName: string;
  externalId: string | null;
  /** Left out: unchanged on a replace, active on a create. */
  active: boolean | undefined;
}

/**
 * userName is the account's e-mail and login. Names come from `name`; a provider that sends only
 * `displayName` (or `name.formatted`) has it split at its first space.
 */
export function userFieldsOf(input: ScimUserInput): UserFields {
  const given = input.name?.givenName ?? '';
  const family = input.name?.familyName ?? '';
  const whole = (input.name?.formatted ?? input.displayName ?? '').trim();
  const [first, ...rest] = whole ? whole.split(/\s+/) : [''];
  const useWhole = !given && !family;
  return {
    email: input.userName,
    firstName: (useWhole ? (first ?? '') : given).slice(0, 50),
    lastName: (useWhole ? rest.join(' ') : family).slice(0, 50),
    externalId: input.externalId ?? null,
    active: input.active ?? undefined,
  };
}

export function scimError(status: number, detail: string, scimType?: ScimErrorType) {
  return { schemas: [SCIM_SCHEMAS.error], status: String(status), detail, ...(scimType ? { scimType } : {}) };
}

export function scimList<T>(resources: T[], total: number, startIndex: number) {
  return { schemas: [SCIM_SCHEMAS.list], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}
