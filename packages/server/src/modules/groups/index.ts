// The groups module's public entry: what other modules may use of it.
export { leaveTenantGroups, moveHeldMemberships } from './repo';
