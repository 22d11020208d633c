import { z } from 'zod';
import { timeZoneSchema } from './common-queries';
import { text } from './request-fields';

// Profile: GET and PUT settings/profile/ (answers the auth user shape, userSchema).

export const profileBodySchema = z
  .object({
    first_name: text(50),
    last_name: text(50),
    company_name: text(80),
    /** null: follow the browser's zone. */
    timezone: timeZoneSchema.nullable(),
  })
  .partial()
  .strict();
export type ProfileBody = z.input<typeof profileBodySchema>;
