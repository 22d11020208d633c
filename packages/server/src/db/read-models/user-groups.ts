// Read model: user groups and their members, for policies that name a group and for search.
// Owner: modules/groups (db/schema/groups.ts). Importers read and join these tables; they never insert, update or delete them
// (read-only.test.ts checks): a change goes through the owner.
export { userGroupMembers, userGroups } from '../schema/groups';
