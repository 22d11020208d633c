// Read model: tenants, their users and memberships, joined into lists (who made what, team pages, search).
// Owner: identity (db/schema/tenants.ts, users.ts, memberships.ts, refresh-tokens.ts). Importers read and join these
// tables; they never insert, update or delete them (read-only.test.ts checks): a change goes through identity/repo.ts or
// identity/members-repo.ts.
export { memberships } from '../schema/memberships';
export { refreshTokens } from '../schema/refresh-tokens';
export { tenants, type OrganisationProfile } from '../schema/tenants';
export { users } from '../schema/users';
