// Read model: invitations held for an address that has an account elsewhere (pending users in lists and search).
// Owner: modules/users (db/schema/held-invitations.ts). Importers read and join these tables; they never insert, update or delete them
// (read-only.test.ts checks): a change goes through the owner.
export { heldInvitations } from '../schema/held-invitations';
