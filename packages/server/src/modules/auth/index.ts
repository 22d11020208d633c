// What other modules use of sign-in: a sign-in elsewhere (single sign-on) ends in the same session,
// delivered the same way, under the same per-address budget.
export { answeredAttemptsPerAddress, type LoginLimiters } from './login-limiter';
export { deliverRefresh, requestContext } from './transport';
export type { IssuedSession } from './sessions';
