const RETURN_KEY = 'netloom.sso-return';

/** Remembers where to go once the provider sends the browser back (the MicroZAccess client page), for this tab only. */
export function keepSsoReturn(returnTo: string | undefined) {
  if (returnTo) sessionStorage.setItem(RETURN_KEY, returnTo);
  else sessionStorage.removeItem(RETURN_KEY);
}

/** Reads (once) the path to open after SSO; only a path of this console, never another site. */
export function takeSsoReturn(): string | undefined {
  const value = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return value?.startsWith('/') && !value.startsWith('//') ? value : undefined;
}
