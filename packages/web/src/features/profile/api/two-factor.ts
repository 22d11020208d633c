import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS, detailSchema, twoFactorCodeBodySchema, twoFactorDisableBodySchema, twoFactorEnabledSchema, twoFactorSetupSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { sessionStore } from '@/lib/session/session-store';

export { twoFactorCodeBodySchema, twoFactorDisableBodySchema };

const markTwoFactor = (on: boolean) => {
  const user = sessionStore.current()?.user;
  if (user) sessionStore.updateUser({ ...user, twoFactorEnabled: on });
};

/** Step 1 of enrolment: a new secret and its otpauth:// URL for the authenticator app. */
export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post(AUTH_PATHS.twoFactorSetup, {}, twoFactorSetupSchema) });
}

/** Step 2: a code from the app turns 2FA on and answers the recovery codes, shown once. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => api.post(AUTH_PATHS.twoFactorEnable, twoFactorCodeBodySchema.parse({ code }), twoFactorEnabledSchema),
    onSuccess: () => markTwoFactor(true),
  });
}

/** Turning 2FA off takes a code from the app or a recovery code. */
export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => api.post(AUTH_PATHS.twoFactorDisable, twoFactorDisableBodySchema.parse({ code }), detailSchema),
    onSuccess: () => markTwoFactor(false),
  });
}
