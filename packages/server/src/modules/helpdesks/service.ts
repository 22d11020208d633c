import {
  BUILT_IN_HELPDESK,
  HELPDESK_CREDENTIAL_SCHEMAS,
  HELPDESK_LABELS,
  type HelpdeskCredentials,
  type HelpdeskIntegration,
  type HelpdeskStatus,
  type HelpdeskType,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { recordAudit } from '../../db/audit-log';
import { errors } from '../../http/errors';
import type { HelpdeskClient } from './client';
import { HelpdeskError, type Fetch } from './http';
import { helpdeskClient } from './index';
import * as repo from './repo';

/** Who connects a helpdesk: a tenant's owner or admin for it, or a super admin for the provider. */
export interface IntegrationActor {
  /** The tenant's id, or null for the provider's. */
  tenantId: string | null;
  userId: string;
  email: string;
  ip: string;
}

function toApi(row: repo.StoredIntegration | null): HelpdeskIntegration | null {
  if (!row) return null;
  const type = row.type as HelpdeskType;
  return { type, label: HELPDESK_LABELS[type], set: true, updated_at: row.updatedAt.toISOString(), checked_at: row.checkedAt.toISOString() };
}

const ownerOf = (tenantId: string | null) => tenantId ?? repo.PROVIDER;

/**
 * Which helpdesk a tenant's tickets go to: its own, else the provider's, else Netloom's built-in
 * one. Credentials are checked against the helpdesk before they are kept (a wrong token is said at
 * once, not on the first ticket), kept sealed, and never answered again.
 */
export class HelpdeskIntegrationService {
  constructor(
    private readonly db: Db,
    /** The transport to helpdesks (guarded: no private addresses unless the operator allows them). */
    private readonly fetcher: Fetch,
  ) {}

  async status(tenantId: string): Promise<HelpdeskStatus> {
    const { own, provider } = await repo.findBoth(this.db, tenantId);
    const effective = own ?? provider;
    return { method: effective ? (effective.type as HelpdeskType) : BUILT_IN_HELPDESK, own: toApi(own), provider: toApi(provider) };
  }

  async providerStatus(): Promise<HelpdeskIntegration | null> {
    return toApi(await repo.find(this.db, repo.PROVIDER));
  }

  async credentialsInfo(tenantId: string, type: HelpdeskType): Promise<{ type: HelpdeskType; set: boolean; updated_at: string | null }> {
    const row = await repo.find(this.db, tenantId);
    const set = row?.type === type;
    return { type, set, updated_at: set ? row.updatedAt.toISOString() : null };
  }

  /** Checks the credentials with the helpdesk, then keeps them (replacing what the owner had). */
  async connect(actor: IntegrationActor, type: HelpdeskType, body: unknown): Promise<HelpdeskIntegration> {
    const parsed = HELPDESK_CREDENTIAL_SCHEMAS[type].safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fields[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
      throw errors.invalid(fields);
    }
    const creds = { type, ...parsed.data } as HelpdeskCredentials;
    try {
      await helpdeskClient(creds, this.fetcher).check();
    } catch (e) {
      if (e instanceof HelpdeskError) throw errors.invalid({ non_field_errors: [e.message] }, e.message);
      throw e;
    }
    const stored = await this.db.transaction(async (tx) => {
      const row = await repo.save(tx, { owner: ownerOf(actor.tenantId), tenantId: actor.tenantId, type, credentials: JSON.stringify(parsed.data) }, new Date());
      await recordAudit(tx, {
        tenantId: actor.tenantId,
        actorId: actor.userId,
        actorEmail: actor.email,
        action: 'helpdesk.connected',
        target: HELPDESK_LABELS[type],
        details: { type, for: actor.tenantId ? 'tenant' : 'every tenant' },
        ip: actor.ip,
      });
      return row;
    });
    return toApi(stored)!;
  }

  async disconnect(actor: IntegrationActor, type: HelpdeskType): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.remove(tx, ownerOf(actor.tenantId), type))) throw errors.notFound(`No ${HELPDESK_LABELS[type]} is connected.`);
      await recordAudit(tx, {
        tenantId: actor.tenantId,
        actorId: actor.userId,
        actorEmail: actor.email,
        action: 'helpdesk.disconnected',
        target: HELPDESK_LABELS[type],
        details: { type, for: actor.tenantId ? 'tenant' : 'every tenant' },
        ip: actor.ip,
      });
    });
  }

  /** The client of the helpdesk the tenant's tickets go to, or null for Netloom's own. */
  async clientFor(tenantId: string): Promise<{ type: HelpdeskType; client: HelpdeskClient } | null> {
    const { own, provider } = await repo.findBoth(this.db, tenantId);
    const row = own ?? provider;
    if (!row) return null;
    const type = row.type as HelpdeskType;
    const creds = { type, ...(JSON.parse(row.credentials) as object) } as HelpdeskCredentials;
    return { type, client: helpdeskClient(creds, this.fetcher) };
  }
}
