// Read model: ZTNA enrolment keys and which key enrolled an endpoint (the agent gateway's enrolment), policies (search),
// security groups (rollouts), relays and servers (the assistant's names). Owner: modules/ztna (db/schema/ztna.ts). Importers read and join these tables; they never insert,
// update or delete them (read-only.test.ts checks): a change goes through the owner.
export { ztnaEndpointEnrolments, ztnaEnrolmentKeys, ztnaPolicies, ztnaRelays, ztnaSecurityGroups, ztnaServers } from '../schema/ztna';
