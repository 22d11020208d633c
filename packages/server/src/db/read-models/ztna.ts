// Read model: ZTNA enrolment keys and which key enrolled an endpoint (the agent gateway's enrolment), policies (search) and
// security groups (rollouts). Owner: modules/ztna (db/schema/ztna.ts). Importers read and join these tables; they never insert,
// update or delete them (read-only.test.ts checks): a change goes through the owner.
export { ztnaEndpointEnrolments, ztnaEnrolmentKeys, ztnaPolicies, ztnaSecurityGroups } from '../schema/ztna';
