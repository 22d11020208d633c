// Read model: web filter policies (search) and the tenant's log retention (ZTNA session logs).
// Owner: modules/web-filter (db/schema/webfilter.ts). Importers read and join these tables; they never insert, update or delete them
// (read-only.test.ts checks): a change goes through the owner.
export { logRetention, webFilterPolicies } from '../schema/webfilter';
