import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS, detailSchema, passwordChangeBodySchema } from '@netloom/domain';
import type { z } from 'zod';
import { api } from '@/lib/http/client';

export type PasswordChange = z.input<typeof passwordChangeBodySchema>;
export const passwordChangeFormSchema = passwordChangeBodySchema;

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => api.post(AUTH_PATHS.passwordChange, passwordChangeBodySchema.parse(body), detailSchema),
  });
}
