// Read model: the audit trail, for the activity log and the web filter's change history.
// Owner: db (db/audit-log.ts, the one audit writer) (db/schema/audit.ts). Importers read and join these tables; they never insert, update or delete them
// (read-only.test.ts checks): a change goes through the owner.
export { auditLog } from '../schema/audit';
