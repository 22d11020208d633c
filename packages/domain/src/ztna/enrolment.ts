import { z } from 'zod';
import { emailField, uniqueList, ztnaId, ztnaName } from './fields';
import { statingRules } from '../validators/documented';

/** Enrolment keys are shown once, then only their first characters ('nlk_' and four more). */
export const ENROLMENT_KEY_PREFIX = 'nlk_';
export const isClientEnrolmentKey = (key: string): boolean => key.startsWith(ENROLMENT_KEY_PREFIX);

/**
 * An enrolment key (onboarding › client): single-use or reusable (optionally up to a number of
 * uses), with an optional expiry; a client enrolling with it is approved when the key says so
 * and joins its security groups.
 */
export const enrolmentKeyInputSchema = statingRules(
  z
    .object({
      name: ztnaName(),
      reusable: z.boolean().default(false),
      expires_at: z.string().datetime({ offset: true }).nullable().default(null),
      usage_limit: z.number().int().min(1).max(100_000).nullable().default(null),
      security_groups: uniqueList(ztnaId(), 100).default([]),
      auto_approve: z.boolean().default(true),
    })
    .superRefine((k, ctx) => {
      if (!k.reusable && k.usage_limit !== null && k.usage_limit !== 1)
        ctx.addIssue({ code: 'custom', path: ['usage_limit'], message: 'A single-use key is used once' });
      if (k.expires_at && Date.parse(k.expires_at) <= Date.now())
        ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'Choose a time in the future' });
    }),
  ['A single-use key is used once', 'Choose a time in the future'],
);
export type EnrolmentKeyInput = z.input<typeof enrolmentKeyInputSchema>;

export const ENROLMENT_KEY_STATES = ['active', 'expired', 'used_up', 'revoked'] as const;
export type EnrolmentKeyState = (typeof ENROLMENT_KEY_STATES)[number];

/** Whether a key may enrol one more client now. */
export function enrolmentKeyState(
  k: { reusable: boolean; usageLimit: number | null; uses: number; expiresAt: Date | null; revokedAt: Date | null },
  now: Date,
): EnrolmentKeyState {
  if (k.revokedAt) return 'revoked';
  if (k.expiresAt && k.expiresAt.getTime() <= now.getTime()) return 'expired';
  const limit = k.reusable ? k.usageLimit : 1;
  if (limit !== null && k.uses >= limit) return 'used_up';
  return 'active';
}

/** Invite users (onboarding › client): each gets an e-mail with the client downloads and a single-use key of their own. */
export const ztnaInviteBodySchema = z.object({
  emails: uniqueList(emailField(), 100).min(1, 'Add at least one e-mail'),
  /** Days the keys are valid. */
  valid_days: z.number().int().min(1).max(90).default(7),
  security_groups: uniqueList(ztnaId(), 100).default([]),
});
