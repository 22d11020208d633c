/**
 * The Google id_token of a visitor with no account, carried from the login page to the social
 * sign-up page in this tab's sessionStorage, never in a URL (where history and logs would keep it).
 */
const KEY = 'netloom.social-signup';

export interface PendingSocialSignup {
  idToken: string;
  remember: boolean;
}

export function keepSocialSignup(pending: PendingSocialSignup): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

export function pendingSocialSignup(): PendingSocialSignup | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSocialSignup>;
    return typeof value.idToken === 'string' ? { idToken: value.idToken, remember: Boolean(value.remember) } : null;
  } catch {
    return null;
  }
}

export function forgetSocialSignup(): void {
  sessionStorage.removeItem(KEY);
}
