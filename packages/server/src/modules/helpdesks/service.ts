import { randomBytes } from 'node:crypto';
import {
  BUILT_IN_HELPDESK,
  HELPDESK_PATHS,
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

/** Told when a helpdesk's webhook names one of its tickets: the tickets module reads it again. */
export type HelpdeskWebhookListener = (owner: string, type: HelpdeskType, externalId: string) => Promise<void>;

const newWebhookToken = () => randomBytes(24).toString('base64url');

const ownerOf = (tenantId: string | null) => tenantId ?? repo.PROVIDER;

/**
 * Which helpdesk a tenant's tickets go to: its own, else the provider's, else Netloom's built-in
 * one. Credentials are checked against the helpdesk before they are kept (a wrong token is said at
 * once, not on the first ticket), kept sealed, and never answered again.
 */
export class HelpdeskIntegrationService {
  private webhookListener: HelpdeskWebhookListener = async () => undefined;

  constructor(
    private readonly db: Db,
    /** The transport to helpdesks (guarded: no private addresses unless the operator allows them). */
    private readonly fetcher: Fetch,
    /** Where Netloom's API is reached from outside (its webhook URLs). */
    private readonly publicUrl: string,
  ) {}

  /** The composition root names who hears of webhooks (the tickets' sync). */
  onWebhook(listener: HelpdeskWebhookListener): void {
    this.webhookListener = listener;
  }

  /** An integration as its owner reads it: with the webhook URL to give the helpdesk; others read it without. */
  private toApi(row: repo.StoredIntegration | null, owner: boolean): HelpdeskIntegration | null {
    if (!row) return null;
    const type = row.type as HelpdeskType;
    const webhook = owner && row.webhookToken ? `${this.publicUrl}/api/v1/${HELPDESK_PATHS.webhook(row.webhookToken)}` : null;
    return {
      type,
      label: HELPDESK_LABELS[type],
      set: true,
      updated_at: row.updatedAt.toISOString(),
      checked_at: row.checkedAt.toISOString(),
      webhook_url: webhook,
    };
  }

  async status(tenantId: string): Promise<HelpdeskStatus> {
    const { own, provider } = await repo.findBoth(this.db, tenantId);
    const effective = own ?? provider;
    return { method: effective ? (effective.type as HelpdeskType) : BUILT_IN_HELPDESK, own: this.toApi(own, true), provider: this.toApi(provider, false) };
  }

  async providerStatus(): Promise<HelpdeskIntegration | null> {
    return this.toApi(await repo.find(this.db, repo.PROVIDER), true);
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
      const row = await repo.save(
        tx,
        { owner: ownerOf(actor.tenantId), tenantId: actor.tenantId, type, credentials: JSON.stringify(parsed.data), webhookToken: newWebhookToken() },
        new Date(),
      );
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
    return this.toApi(stored, true)!;
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

  /** Whose helpdesk the tenant's new tickets go to (its own, else the provider's), or null for Netloom's own. */
  async methodFor(tenantId: string): Promise<{ owner: string; type: HelpdeskType } | null> {
    const { own, provider } = await repo.findBoth(this.db, tenantId);
    const row = own ?? provider;
    return row ? { owner: row.owner, type: row.type as HelpdeskType } : null;
  }

  /** The client of an owner's helpdesk while it is still that helpdesk; null once disconnected or replaced by another kind. */
  async clientOf(owner: string, type: HelpdeskType): Promise<HelpdeskClient | null> {
    const row = await repo.find(this.db, owner);
    if (row?.type !== type) return null;
    const creds = { type, ...(JSON.parse(row.credentials) as object) } as HelpdeskCredentials;
    return helpdeskClient(creds, this.fetcher);
  }

  /**
   * A helpdesk's webhook named one of its tickets: the tickets of that integration are read again
   * now. An unknown token is refused without saying more; the body only names which ticket.
   */
  async webhook(token: string, ticketId: string): Promise<void> {
    const row = await repo.findByWebhookToken(this.db, token);
    if (!row) throw errors.notFound();
    await this.webhookListener(row.owner, row.type as HelpdeskType, ticketId);
  }
}
