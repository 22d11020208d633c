import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS, loginOptionsSchema, loginResponseSchema, REQUEST, sessionSchema } from '@netloom/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/client';

// Sign-in calls wait longer than others (spec 000 §9) and ask for the refresh cookie.
const SIGN_IN = { auth: false, cookieTransport: true, timeoutMs: REQUEST.slowTimeoutMs } as const;

export interface LoginInput {
  username: string;
  password: string;
  remember: boolean;
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => api.post(AUTH_PATHS.login, input, loginResponseSchema, SIGN_IN),
  });
}

export function useTwoFactorLogin() {
  return useMutation({
    mutationFn: (input: { ephemeral_token: string; code: string; remember: boolean }) => api.post(AUTH_PATHS.twoFactorLogin, input, sessionSchema, SIGN_IN),
  });
}

export function useGoogleLogin() {
  return useMutation({
    mutationFn: (input: { id_token: string; remember: boolean }) =>
      api.post(AUTH_PATHS.googleLogin, { ...input, socialtype: 'google' }, sessionSchema, SIGN_IN),
  });
}

const loginOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'login-options'],
    queryFn: ({ signal }) => api.get(AUTH_PATHS.loginOptions, loginOptionsSchema, { auth: false, signal }),
    staleTime: 5 * 60_000,
  });

export function useLoginOptions() {
  return useQuery(loginOptionsQueryOptions());
}
