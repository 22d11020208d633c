import { TEAM_MESSAGES, type Customer, type TenantCreateBody, type TenantDetail, type TenantMonitor, type TenantUpdateBody } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Principal } from '../../http/principal';
import { errors } from '../../http/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionEvents } from '../../http/principal-cache';
import { recordAudit } from '../../db/audit-log';

import { computeTenantInfo } from '../../fleet/tenant-info';

import { listMembers, mailReleased, releaseHeldInvitations, toTeamUser, type ActivationMailer } from '../users/index';
import { deleteTenant, insertTenant, lastEntry, listCustomers, memberIds, nameTakenByOther, tenantDetail, updateTenant } from './repo';
import { findUserByLogin, findTenant, type TenantRow } from '../../identity/repo';

/** What the provider's tenant administration works with, handed in by the composition root. */
export interface OrganisationDeps {
  db: Db;
  /** Sends activation links (the auth module's account service). */
  account: ActivationMailer;
  sessionEvents: SessionEvents;
  log: FastifyBaseLogger;
}

/** The provider's administration of tenants; every call is the super admin's alone. */
export class OrganisationService {
  constructor(private readonly services: OrganisationDeps) {}

  private get db() {
    return this.services.db;
  }

  /** Recorded in the tenant's own log, so its owners see what the provider did. */
  private async audit(db: Db, by: Principal, ip: string, tenantId: string | null, action: string, target: string, details: Record<string, unknown>) {
    const member = tenantId !== null && by.memberships.some((m) => m.tenantId === tenantId);
    await recordAudit(db, {
      tenantId,
      actorId: by.user.id,
      actorEmail: by.user.email,
      action,
      target,
      details: member ? details : { ...details, via_super_admin: true },
      ip,
    });
  }

  private async tenant(id: string): Promise<TenantRow> {
    const row = await findTenant(this.db, id);
    if (!row) throw errors.notFound();
    return row;
  }

  customers(search: string | undefined, page: { offset: number; limit: number | null }): Promise<{ rows: Customer[]; total: number }> {
    return listCustomers(this.db, search, page);
  }

  async detail(id: string): Promise<TenantDetail> {
    const detail = await tenantDetail(this.db, id);
    if (!detail) throw errors.notFound();
    return detail;
  }

  async create(by: Principal, ip: string, body: Required<Omit<TenantCreateBody, 'owner_email'>> & { owner_email?: string | undefined }): Promise<TenantDetail> {
    const fields: Record<string, string[]> = {};
    if (await nameTakenByOther(this.db, body.name, null)) fields.name = [TEAM_MESSAGES.tenantNameTaken];
    if (body.owner_email && (await findUserByLogin(this.db, body.owner_email))) fields.owner_email = [TEAM_MESSAGES.otherTenant];
    if (Object.keys(fields).length) throw errors.invalid(fields);
    const id = crypto.randomUUID();
    const owner = body.owner_email ? { id: crypto.randomUUID(), email: body.owner_email } : null;
    await this.db.transaction(async (tx) => {
      await insertTenant(tx, { id, name: body.name, subscriptions: body.subscriptions, allProductAccess: body.all_product_access }, owner);
      await this.audit(tx, by, ip, id, 'tenant.created', body.name, {
        after: { name: body.name, subscriptions: body.subscriptions, all_product_access: body.all_product_access },
        ...(owner ? { owner_invited: owner.email } : {}),
      });
    });
    if (owner) await this.services.account.sendActivation({ id: owner.id, email: owner.email, firstName: '' });
    return this.detail(id);
  }

  async update(by: Principal, ip: string, id: string, body: TenantUpdateBody): Promise<TenantDetail> {
    const row = await this.tenant(id);
    if (body.name !== undefined && (await nameTakenByOther(this.db, body.name, id))) throw errors.invalid({ name: [TEAM_MESSAGES.tenantNameTaken] });
    const patch = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.subscriptions !== undefined ? { subscriptions: body.subscriptions } : {}),
      ...(body.all_product_access !== undefined ? { allProductAccess: body.all_product_access } : {}),
      ...(body.suspended !== undefined ? { suspended: body.suspended } : {}),
    };
    const before = { name: row.name, subscriptions: row.subscriptions, all_product_access: row.allProductAccess, suspended: row.suspended };
    const action =
      body.suspended === true && !row.suspended ? 'tenant.suspended' : body.suspended === false && row.suspended ? 'tenant.resumed' : 'tenant.updated';
    await this.db.transaction(async (tx) => {
      await updateTenant(tx, id, patch);
      await this.audit(tx, by, ip, id, action, body.name ?? row.name, { before, after: { ...before, ...body } });
    });
    // Members' cached principals carry the tenant's name and suspension: drop them everywhere.
    for (const userId of await memberIds(this.db, id)) await this.services.sessionEvents.userChanged(userId);
    await this.services.sessionEvents.tenantChanged(id);
    return this.detail(id);
  }

  async remove(by: Principal, ip: string, id: string, confirm: string): Promise<void> {
    const row = await this.tenant(id);
    if (confirm.trim() !== row.name) throw errors.invalid({ confirm: [TEAM_MESSAGES.confirmName] });
    const members = await memberIds(this.db, id);
    const released = await this.db.transaction(async (tx) => {
      await deleteTenant(tx, id);
      // The tenant's own log goes with it; the platform keeps a line that it existed.
      await this.audit(tx, by, ip, null, 'tenant.deleted', row.name, { tenant_id: id, users: members.length });
      // Other organisations' invitations held against the deleted accounts become real ones.
      return releaseHeldInvitations(tx);
    });
    for (const userId of members) await this.services.sessionEvents.userChanged(userId);
    await this.services.sessionEvents.tenantChanged(id);
    await mailReleased(this.services.account, released, this.services.log);
  }

  async monitor(id: string): Promise<TenantMonitor> {
    const tenant = await this.detail(id);
    const [info, members, lastActivity, lastLogin] = await Promise.all([
      computeTenantInfo(this.db, id),
      listMembers(this.db, id, {}, { offset: 0, limit: null }),
      lastEntry(this.db, id, false),
      lastEntry(this.db, id, true),
    ]);
    return { tenant, info, users: members.rows.map(toTeamUser), last_activity: lastActivity, last_login: lastLogin };
  }
}
