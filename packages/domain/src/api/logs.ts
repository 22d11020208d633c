import { z } from 'zod';
import { paginated } from './pagination';
import { tidPageQuerySchema } from './common-queries';
import { search } from './request-fields';

// Logs: GET logs/login-logs/ and logs/activity-logs/

export const LOGIN_ACTIONS = ['auth.login', 'auth.login_failed', 'auth.logout'] as const;

export const logQuerySchema = tidPageQuerySchema.extend({
  start_time: z.string().datetime({ offset: true }).optional(),
  end_time: z.string().datetime({ offset: true }).optional(),
  search,
  /** csv answers text/csv with the same rows (every row of the filter when page_size=0). */
  format: z.enum(['json', 'csv']).default('json'),
});
export type LogQuery = z.input<typeof logQuerySchema>;

export const logEntrySchema = z.object({
  id: z.number().int(),
  time: z.string(),
  user: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** True when a super admin (the provider) did it. */
  via_super_admin: z.boolean(),
  /** Settings changes carry {before, after}. */
  details: z.record(z.string(), z.unknown()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
export const logListSchema = paginated(logEntrySchema);

/** CSV columns of both logs, in order. */
export const LOG_CSV_COLUMNS = ['time', 'user', 'action', 'target', 'ip', 'user_agent', 'via_super_admin', 'details'] as const;
