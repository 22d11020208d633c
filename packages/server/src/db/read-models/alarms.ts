// Read model: raised alarms, for reports.
// Owner: modules/alarms (db/schema/alarms.ts). Importers read and join these tables; they never insert, update or delete them
// (read-only.test.ts checks): a change goes through the owner.
export { alarms } from '../schema/alarms';
