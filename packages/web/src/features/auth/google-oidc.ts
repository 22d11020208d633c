import { paths } from '@/paths';

const STATE_KEY = 'netloom.google-oidc';

interface PendingGoogleLogin {
  state: string;
  nonce: string;
  remember: boolean;
  /** A console path to open once signed in (the MicroZAccess client page), instead of home. */
  returnTo?: string;
}

const random = () => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/** Standard OpenID Connect implicit flow: Google sends the id_token back in the URL fragment. */
export function startGoogleLogin(opts: { client_id: string; authorization_endpoint: string }, remember: boolean, returnTo?: string) {
  const pending: PendingGoogleLogin = { state: random(), nonce: random(), remember, ...(returnTo ? { returnTo } : {}) };
  sessionStorage.setItem(STATE_KEY, JSON.stringify(pending));
  const url = new URL(opts.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: opts.client_id,
    response_type: 'id_token',
    scope: 'openid email profile',
    redirect_uri: `${window.location.origin}${paths.auth.login}`,
    nonce: pending.nonce,
    state: pending.state,
    prompt: 'select_account',
  }).toString();
  window.location.assign(url.toString());
}

export type GoogleReturn = { idToken: string; remember: boolean; returnTo?: string } | { error: string } | null;

/** Reads (once) what the identity provider put in the fragment; null when this is not a return. */
export function takeGoogleReturn(hash: string): GoogleReturn {
  if (!hash.includes('id_token=') && !hash.includes('error=')) return null;
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const raw = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  const pending = raw ? (JSON.parse(raw) as PendingGoogleLogin) : null;
  if (params.get('error')) return { error: 'Google sign-in was cancelled' };
  const idToken = params.get('id_token');
  // A fragment we did not ask for (or from another attempt) is ignored.
  if (!idToken || !pending || params.get('state') !== pending.state) return { error: 'Google sign-in could not be verified' };
  // Only a path of this console: the stored value must never send the user elsewhere.
  const returnTo = pending.returnTo?.startsWith('/') && !pending.returnTo.startsWith('//') ? pending.returnTo : undefined;
  return { idToken, remember: pending.remember, ...(returnTo ? { returnTo } : {}) };
}
