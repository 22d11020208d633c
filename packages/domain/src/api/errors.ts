import { z } from 'zod';

/** The error shape every API answer uses (DESIGN.md, spec 001 §8). */
export const apiErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  tokenNotValid: 'token_not_valid',
  notAuthenticated: 'not_authenticated',
  invalidCredentials: 'no_active_account',
  inactiveAccount: 'inactive_account',
  invalidCode: 'invalid_code',
  permissionDenied: 'permission_denied',
  notFound: 'not_found',
  /** 405: the path exists without this method; Allow lists the ones it has. */
  methodNotAllowed: 'method_not_allowed',
  validation: 'invalid',
  conflict: 'conflict',
  rateLimited: 'throttled',
  notConfigured: 'not_configured',
  /** The organisation requires single sign-on: passwords are refused to all but its owners. */
  ssoRequired: 'sso_required',
  /** A single sign-on answer was refused (state, nonce, token, domain or account); the detail says why. */
  ssoFailed: 'sso_failed',
  /** 502: the organisation's identity provider could not be reached or answered wrongly. */
  ssoProviderUnreachable: 'sso_provider_unreachable',
  server: 'server_error',
  /** 503: the database (or another dependency) cannot be reached; the same call works later. */
  unavailable: 'service_unavailable',
} as const;

/** What a 503 says: the spec's catalogue text for a server that is there but cannot answer (001 §8). */
export const UNAVAILABLE_DETAIL = 'Server not responding';

/** The exact answer the client's error catalogue reacts to. */
export const TOKEN_NOT_VALID_DETAIL = 'Given token not valid for any token type';
