// Read model: the device inventory (name, tenant, network, kind, status), joined into lists, counts and search.
// Owner: fleet (db/schema/devices.ts). Importers read and join these tables; they never insert, update or delete them
// (read-only.test.ts checks): a change goes through the owner.
export { devices } from '../schema/devices';
