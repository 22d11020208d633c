// Read model: configuration revisions (alarms on config changes) and templates (search).
// Owner: modules/config (db/schema/config.ts). Importers read and join these tables; they never insert, update or delete them
// (read-only.test.ts checks): a change goes through the owner.
export { configRevisions, configTemplates } from '../schema/config';
