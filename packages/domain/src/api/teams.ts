import { z } from 'zod';
import { paginated } from './pagination';
import { roleSchema } from './auth';
import { tidPageQuerySchema, timeZoneMessages } from './common-queries';
import { email, search, text } from './request-fields';

/** Messages of the organisation pages: teams, tenants and settings. */
export const TEAM_MESSAGES = {
  lastOwner: 'An organisation needs at least one owner: make someone else owner first.',
  selfRole: 'You cannot change your own role.',
  selfDeactivate: 'You cannot deactivate yourself.',
  selfRemove: 'You cannot remove yourself from the organisation.',
  ownerOnly: 'Only an owner can make someone owner or change an owner.',
  alreadyMember: 'This user is already a member of this organisation.',
  otherTenant: 'This e-mail already has an account in another organisation.',
  pending: 'This user has not accepted the invitation yet.',
  notPending: 'This user has already activated the account.',
  groupNameTaken: 'A group with this name already exists.',
  notMembers: 'Every member must be a user of this organisation.',
  confirmName: 'Type the tenant name exactly to confirm.',
  tenantNameTaken: 'An organisation with this name already exists.',
  invalidTimezone: timeZoneMessages.invalid,
  emptyState: 'Create your First User',
  settingsSaved: 'Settings saved successfully',
  settingsLoadFailed: 'Error occured in settings',
} as const;

/** A user of a tenant as the teams page and the monitor show them. */
export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export const teamUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: roleSchema,
    active: z.boolean(),
    /** pending: invited, not activated yet; inactive: deactivated by an owner or admin. */
    status: z.enum(USER_STATUSES),
    two_factor_enabled: z.boolean(),
    last_login: z.string().nullable(),
    /** Devices (endpoints) this user is signed in on. */
    devices: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'TeamUser', description: 'A user of the tenant, with its role and state' });
export type TeamUser = z.infer<typeof teamUserSchema>;
export const teamUserListSchema = paginated(teamUserSchema);

export const teamUserQuerySchema = tidPageQuerySchema.extend({
  search,
  status: z.enum(USER_STATUSES).optional(),
  role: roleSchema.optional(),
});

export const inviteBodySchema = z.object({
  email,
  role: roleSchema,
  first_name: text(50).default(''),
  last_name: text(50).default(''),
});
export type InviteBody = z.input<typeof inviteBodySchema>;

export const roleChangeBodySchema = z.object({ role: roleSchema });
