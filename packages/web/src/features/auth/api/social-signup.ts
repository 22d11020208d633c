import { useMutation, useQuery } from '@tanstack/react-query';
import { AUTH_PATHS, REQUEST, sessionSchema, socialIdentitySchema } from '@netloom/domain';
import { api } from '@/lib/http/client';

/** Who the Google token names, as the server verified it; 409 when the address already has an account. */
export function useSocialIdentity(idToken: string | null) {
  return useQuery({
    queryKey: ['auth', 'social-identity', idToken],
    queryFn: ({ signal }) =>
      api.post(AUTH_PATHS.socialSignupIdentity, { id_token: idToken, socialtype: 'google' }, socialIdentitySchema, {
        auth: false,
        signal,
        timeoutMs: REQUEST.slowTimeoutMs,
      }),
    enabled: idToken !== null,
    retry: false,
    staleTime: Infinity,
  });
}

export interface SocialSignupInput {
  id_token: string;
  remember: boolean;
  first_name: string;
  last_name: string;
  company_name: string;
}

export function useSocialSignup() {
  return useMutation({
    mutationFn: (input: SocialSignupInput) =>
      api.post(AUTH_PATHS.socialSignup, { ...input, socialtype: 'google' }, sessionSchema, {
        auth: false,
        cookieTransport: true,
        timeoutMs: REQUEST.slowTimeoutMs,
      }),
  });
}
