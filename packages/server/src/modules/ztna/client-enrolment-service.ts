import { CLIENT_ENROLMENT_TTL_MINUTES, clientRedirect, withSettingDefaults, type clientEnrolmentBodySchema, type clientEnrolmentSchema } from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { hashSecret } from '../../fleet/credentials';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { findTenant } from '../../identity/repo';
import * as repo from './repo';
import * as onboarding from './onboarding-repo';
import { newClientKey, prefixOf } from './onboarding-service';

/**
 * The MicroZAccess client's browser sign-in (spec 000 §2.9, "first login with e-mail and
 * password, SSO or Google"): the signed-in member, guests included, gets an enrolment key of
 * their tenant for this one device, as an invitation would give them — single use, expiring in
 * minutes — handed to the client on its loopback address or shown to copy. The device is
 * approved as the tenant's device registration says (auto-approve, or the approve inventory).
 */
export class ClientEnrolmentService {
  constructor(private readonly db: Db) {}

  async issue(actor: Actor, body: z.output<typeof clientEnrolmentBodySchema>): Promise<z.output<typeof clientEnrolmentSchema>> {
    const tenantId = actor.scope.tenantId;
    const tenant = await findTenant(this.db, tenantId);
    if (!tenant) throw errors.notFound();
    if (!tenant.subscriptions.includes('ztna')) {
      throw errors.forbidden(`${tenant.name} does not use Zero Trust Network Access, so it has no MicroZAccess clients.`);
    }
    const key = newClientKey();
    const id = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + CLIENT_ENROLMENT_TTL_MINUTES * 60_000);
    await this.db.transaction(async (tx) => {
      await repo.ensureSettings(tx, tenantId);
      await onboarding.insertKeys(tx, [
        {
          id,
          tenantId,
          name: `Client sign-in ${actor.email}`.slice(0, 64),
          keyHash: hashSecret(key),
          prefix: prefixOf(key),
          reusable: false,
          expiresAt,
          usageLimit: 1,
          securityGroups: [],
          autoApprove: withSettingDefaults(tenant.settings).devReg_autoApprove,
          createdBy: actor.email,
        },
      ]);
      await audit(tx, actor, 'ztna.client_signed_in', id, { redirect: body.redirect_uri ? new URL(body.redirect_uri).host : null });
    });
    return {
      key,
      expires_at: expiresAt.toISOString(),
      tenant_name: tenant.name,
      redirect: body.redirect_uri ? clientRedirect(body.redirect_uri, key, body.state) : null,
    };
  }
}
