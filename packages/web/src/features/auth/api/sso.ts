import { useMutation } from '@tanstack/react-query';
import { SSO_PATHS, redirectUrlSchema, sessionSchema, userDomainSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { REQUEST } from '@netloom/domain';

// SSO calls wait 30 s like every sign-in call (spec 000 §4) and carry the cookies they set and read.
const SIGN_IN = { auth: false, cookieTransport: true, timeoutMs: REQUEST.slowTimeoutMs } as const;

/** Whether an e-mail's domain signs in with its organisation's identity provider. */
export const fetchUserDomain = (email: string, signal?: AbortSignal) => api.post(SSO_PATHS.userDomain, { email }, userDomainSchema, { ...SIGN_IN, signal });

export function useStartSso() {
  return useMutation({
    mutationFn: (input: { email: string; remember: boolean }) => api.post(SSO_PATHS.redirectUrl, input, redirectUrlSchema, SIGN_IN),
  });
}

export function useCompleteSso() {
  return useMutation({
    mutationFn: (params: string) => api.post(SSO_PATHS.complete, { params }, sessionSchema, SIGN_IN),
  });
}
