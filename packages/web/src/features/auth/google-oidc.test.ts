import { afterEach, describe, expect, it } from 'vitest';
import { startGoogleLogin, takeGoogleReturn } from './google-oidc';
import { forgetSocialSignup, keepSocialSignup, pendingSocialSignup } from './social-signup-token';

const provider = { client_id: 'console', authorization_endpoint: 'https://accounts.example/auth' };

/** Starts a sign-in (jsdom does not leave for the provider) and answers the state it keeps for the return. */
function start(returnTo?: string): string {
  startGoogleLogin(provider, true, returnTo);
  return (JSON.parse(sessionStorage.getItem('netloom.google-oidc')!) as { state: string }).state;
}

describe('Google sign-in round trip', () => {
  afterEach(() => sessionStorage.clear());

  it('comes back to the console page it started from', () => {
    const state = start('/auth/microZAccess?redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcb');
    expect(takeGoogleReturn(`#id_token=t1&state=${state}`)).toEqual({
      idToken: 't1',
      remember: true,
      returnTo: '/auth/microZAccess?redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcb',
    });
  });

  it('never follows a stored address off the console', () => {
    const state = start('//evil.example/');
    expect(takeGoogleReturn(`#id_token=t1&state=${state}`)).toEqual({ idToken: 't1', remember: true });
  });

  it('keeps the token of a Google account that has to sign up for this tab only, until told to forget it', () => {
    expect(pendingSocialSignup()).toBeNull();
    keepSocialSignup({ idToken: 't2', remember: false });
    expect(pendingSocialSignup()).toEqual({ idToken: 't2', remember: false });
    forgetSocialSignup();
    expect(pendingSocialSignup()).toBeNull();
  });
});
