import { z } from 'zod';
import { paginated } from './pagination';
import { tidPageQuerySchema } from './common-queries';
import { name, search, text } from './request-fields';

// Teams: user groups.

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() })),
  created_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;
export const groupListSchema = paginated(groupSchema);
export const groupQuerySchema = tidPageQuerySchema.extend({ search });

export const groupCreateBodySchema = z.object({
  name: name(50),
  description: text(300).default(''),
  user_ids: z.array(z.string().uuid()).max(1000).default([]),
});
export const groupUpdateBodySchema = z
  .object({ name: name(50).optional(), description: text(300).optional() })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change')
  .meta({ minProperties: 1 });
export const groupMembersBodySchema = z.object({ user_ids: z.array(z.string().uuid()).max(1000) });
