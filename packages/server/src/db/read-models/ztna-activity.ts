// Read model: client rollouts and NAC hosts, for the ZTNA device configuration.
// Owner: modules/ztna-activity (db/schema/ztna-activity.ts). Importers read and join these tables; they never insert, update or delete them
// (read-only.test.ts checks): a change goes through the owner.
export { nacHosts, ztnaRollouts } from '../schema/ztna-activity';
