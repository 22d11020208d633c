import { z } from 'zod';
import { storableText } from '../validators/storable-text';

/** How long the key handed to a MicroZAccess client after its browser sign-in stays usable. */
export const CLIENT_ENROLMENT_TTL_MINUTES = 10;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A native app's redirect (RFC 8252 §7.3): plain http to a loopback address with an explicit
 * port. Anything else could carry the key off the user's machine.
 */
export function isLoopbackRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.port !== '' && !url.username && !url.password && !url.hash;
}

export const LOOPBACK_REDIRECT_MESSAGE = 'Only a loopback address (http://127.0.0.1:<port>/… or http://localhost:<port>/…) can receive the key';

export const clientEnrolmentBodySchema = z.object({
  // storableText: no NUL or lone surrogate, which the URL parser would quietly rewrite.
  redirect_uri: storableText().max(2048).refine(isLoopbackRedirectUri, LOOPBACK_REDIRECT_MESSAGE).optional(),
  /** Echoed back to the client with the key, as OAuth does, so it can match the answer to its request. */
  state: storableText().max(256).optional(),
});

export const clientEnrolmentSchema = z.object({
  key: z.string(),
  expires_at: z.string(),
  tenant_name: z.string(),
  /** The client's loopback address with `key` (and `state`) added; null when none was given. */
  redirect: z.string().nullable(),
});

/** The loopback address the client listens on, with the key (and its state) in the query. */
export function clientRedirect(redirectUri: string, key: string, state: string | undefined): string {
  const url = new URL(redirectUri);
  url.searchParams.set('key', key);
  if (state !== undefined) url.searchParams.set('state', state);
  return url.toString();
}
