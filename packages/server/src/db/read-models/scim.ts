// Read model: which accounts SCIM provisioned (they have no password: the provider signs them in).
// Owner: modules/scim (db/schema/scim.ts). Importers read these tables; they never write them (read-only.test.ts checks).
export { scimUsers } from '../schema/scim';
