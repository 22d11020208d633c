import type { z } from 'zod';
import type { profileBodySchema } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Principal } from '../../http/principal';
import type { SessionEvents } from '../../http/principal-cache';
import { errors } from '../../http/errors';
import { recordAudit } from '../../db/audit-log';
import * as repo from './repo';

type ProfileBody = z.output<typeof profileBodySchema>;

/** The caller's own names, company and time zone. */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly events: SessionEvents,
  ) {}

  /**
   * Saves the fields sent (none sent: nothing written or audited) and answers the user as stored.
   * The audit row goes to the user's home tenant, where its owners read the activity log.
   */
  async update(principal: Principal, ip: string, body: ProfileBody): Promise<repo.ProfileUser> {
    const { user, memberships } = principal;
    const patch: repo.ProfilePatch = {
      ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
      ...(body.last_name !== undefined ? { lastName: body.last_name } : {}),
      ...(body.company_name !== undefined ? { companyName: body.company_name } : {}),
      ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
    };
    if (Object.keys(patch).length) {
      const before = Object.fromEntries(Object.keys(patch).map((k) => [k, user[k as keyof repo.ProfilePatch]]));
      await this.db.transaction(async (tx) => {
        await repo.updateProfile(tx, user.id, patch);
        await recordAudit(tx, {
          tenantId: memberships[0]?.tenantId ?? null,
          actorId: user.id,
          actorEmail: user.email,
          action: 'profile.updated',
          target: user.email,
          details: { before, after: patch },
          ip,
        });
      });
      // Cached principals on every instance carry the old names.
      await this.events.userChanged(user.id);
    }
    const fresh = await repo.findProfileUser(this.db, user.id);
    if (!fresh) throw errors.notFound();
    return fresh;
  }
}
