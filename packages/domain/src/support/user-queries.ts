import { z } from 'zod';
import { isEmail } from '../validators/email';
import { filledText, storableText } from '../validators/storable-text';
import { textInputMessages } from '../validators/messages';
import { paginated, pageQuerySchema } from '../api/pagination';
import { documented, EMAIL_FORMAT } from '../validators/documented';

/**
 * User queries (spec 000 §2.13, the `user-queries` page): questions sent to the provider from the
 * pages where a person has no ticket to raise yet (free trial, sign-up, login) and from the crash
 * page's Contact Support, with what the console knew of the crash. The provider works them down
 * a list with a status and an internal note.
 */
export const USER_QUERY_PATHS = {
  /** POST, public: a question (answered with its id). Super admins: GET the list. */
  queries: 'user-queries/',
  /** Super admins: PUT its status or note (either alone). */
  query: (id: string) => `user-queries/${id}/`,
} as const;

export const USER_QUERY_SOURCES = ['free-trial', 'sign-up', 'login', 'crash'] as const;
export type UserQuerySource = (typeof USER_QUERY_SOURCES)[number];
export const USER_QUERY_SOURCE_LABELS: Record<UserQuerySource, string> = {
  'free-trial': 'Free trial',
  'sign-up': 'Sign up',
  login: 'Login',
  crash: 'Crash page',
};

export const USER_QUERY_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export type UserQueryStatus = (typeof USER_QUERY_STATUSES)[number];
export const USER_QUERY_STATUS_LABELS: Record<UserQueryStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  answered: 'Answered',
  closed: 'Closed',
};

/** What the crash page knew: where it happened, the error it copied, which console and browser. */
export const userQueryContextSchema = z.strictObject({
  path: storableText().max(500).optional(),
  error: storableText().max(4000).optional(),
  console_version: storableText().max(64).optional(),
  browser: storableText().max(300).optional(),
});

export const userQueryBodySchema = z.strictObject({
  name: filledText().min(1, textInputMessages.required).max(100),
  email: documented(z.string().trim().max(254).refine(isEmail, 'Enter valid Email'), EMAIL_FORMAT),
  company: storableText().trim().max(100).optional(),
  subject: filledText().min(1, textInputMessages.required).max(150),
  message: filledText().min(1, textInputMessages.required).max(5000),
  source: z.enum(USER_QUERY_SOURCES),
  context: userQueryContextSchema.optional(),
});
export type UserQueryBody = z.infer<typeof userQueryBodySchema>;

export const userQueryReceiptSchema = z.object({ id: z.string(), status: z.enum(USER_QUERY_STATUSES) });

export const userQuerySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  source: z.enum(USER_QUERY_SOURCES),
  context: userQueryContextSchema.nullable(),
  status: z.enum(USER_QUERY_STATUSES),
  /** The provider's own note, never shown to the person who asked. */
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserQuery = z.infer<typeof userQuerySchema>;
export const userQueryListSchema = paginated(userQuerySchema);

export const userQueryListQuerySchema = pageQuerySchema.extend({
  status: z.enum(USER_QUERY_STATUSES).optional().describe('Only questions in this state'),
  source: z.enum(USER_QUERY_SOURCES).optional().describe('Only questions sent from this page'),
  search: storableText().trim().max(100).optional().describe('Only questions with this text in the name, e-mail, company or subject'),
});

export const userQueryUpdateSchema = z
  .strictObject({
    status: z.enum(USER_QUERY_STATUSES).optional(),
    note: storableText().max(4000).optional(),
  })
  .refine((v) => v.status !== undefined || v.note !== undefined, 'Change the status or the note');
