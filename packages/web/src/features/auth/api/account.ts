import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS, detailSchema, REQUEST } from '@netloom/domain';
import { api } from '@/lib/http/client';

/** The visitor-side account calls: sign-up, activation, password reset. */

export interface RegistrationInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  company_name: string;
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegistrationInput) => api.post(AUTH_PATHS.registration, input, detailSchema, { auth: false }),
  });
}

export function useActivate() {
  return useMutation({
    mutationFn: (input: { token: string; password?: string }) => api.post(AUTH_PATHS.activate, input, null, { auth: false, timeoutMs: REQUEST.slowTimeoutMs }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) => api.post(AUTH_PATHS.passwordReset, input, detailSchema, { auth: false }),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => api.post(AUTH_PATHS.passwordResetConfirm, input, null, { auth: false }),
  });
}
