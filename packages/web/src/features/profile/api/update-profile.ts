import { useMutation } from '@tanstack/react-query';
import { ORG_PATHS, profileBodySchema, userSchema, type ProfileBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { sessionStore } from '@/lib/session/session-store';

export const profileFormSchema = profileBodySchema;

/**
 * Saves names, company and time zone. The answer is the signed-in user: it replaces the session's
 * user at once, so every date in the console switches to the new zone without a reload.
 */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: ProfileBody) => api.put(ORG_PATHS.profile, profileBodySchema.parse(body), userSchema),
    onSuccess: (user) => sessionStore.updateUser(user),
  });
}
