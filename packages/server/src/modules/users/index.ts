// The users module's public entry: what other modules may use of it.
export { mailReleased, releaseHeldInvitations, type ActivationMailer } from './held-release';
export { listMembers, toTeamUser } from './repo';
