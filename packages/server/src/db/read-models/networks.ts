// Read model: device groups (networks) by name, for lists, templates and search.
// Owner: modules/networks (db/schema/networks.ts). Importers read and join these tables; they never insert, update or delete them
// (read-only.test.ts checks): a change goes through the owner.
export { networks } from '../schema/networks';
