import type { z } from 'zod';
import {
  dashboardLayoutProblems,
  resolveDashboardLayout,
  withSettingDefaults,
  type ConfigPreference,
  type DashboardLayout,
  type DashboardLayoutResponse,
  type DashboardProduct,
  type Organisation,
  type configPreferenceBodySchema,
  type organisationBodySchema,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';

type PreferenceBody = z.output<typeof configPreferenceBodySchema>;
type OrganisationBody = z.output<typeof organisationBodySchema>;

function toOrganisation(row: repo.SettingsRow): Organisation {
  const o = row.organisation;
  return {
    tenant_id: row.id,
    tenantname: row.name,
    display_name: o.display_name || row.name,
    legal_name: o.legal_name ?? '',
    address: o.address ?? '',
    country: o.country ?? '',
    phone: o.phone ?? '',
    website: o.website ?? '',
    timezone: o.timezone ?? null,
  };
}

/** Tenant-wide settings: the dashboard toggles of spec §2.12 and the organisation's details. Every change is audited with before and after. */
export class TenantSettingsService {
  constructor(private readonly db: Db) {}

  private async row(tenantId: string): Promise<repo.SettingsRow> {
    const row = await repo.findSettings(this.db, tenantId);
    if (!row) throw errors.notFound();
    return row;
  }

  private async preference(row: repo.SettingsRow): Promise<ConfigPreference> {
    return { ...withSettingDefaults(row.settings), wan3_available: await repo.hasThreeWanDevice(this.db, row.id) };
  }

  async getPreference(actor: Actor): Promise<ConfigPreference> {
    return this.preference(await this.row(actor.scope.tenantId));
  }

  /** Merges the flags sent into the saved ones (defaults of spec §3 where none was saved). */
  async savePreference(actor: Actor, body: PreferenceBody): Promise<ConfigPreference> {
    const row = await this.row(actor.scope.tenantId);
    const before = withSettingDefaults(row.settings);
    const after = withSettingDefaults({
      dashboard: { ...before.dashboard, ...body.dashboard },
      devReg_autoApprove: body.devReg_autoApprove ?? before.devReg_autoApprove,
      pagination: { ...before.pagination, ...(body.pagination ?? {}) },
    });
    await this.db.transaction(async (tx) => {
      await repo.saveSettings(tx, row.id, after);
      await audit(tx, actor, 'tenant.settings_changed', 'config-preference', { before, after });
    });
    return this.preference({ ...row, settings: after });
  }

  async getOrganisation(actor: Actor): Promise<Organisation> {
    return toOrganisation(await this.row(actor.scope.tenantId));
  }

  async saveOrganisation(actor: Actor, body: OrganisationBody): Promise<Organisation> {
    const row = await this.row(actor.scope.tenantId);
    const organisation = { ...row.organisation, ...body };
    const after = toOrganisation({ ...row, organisation });
    await this.db.transaction(async (tx) => {
      await repo.saveOrganisation(tx, row.id, organisation);
      await audit(tx, actor, 'tenant.organisation_changed', 'organisation', { before: toOrganisation(row), after });
    });
    return after;
  }

  /** The layout in force for a product: the saved one completed for today's widgets, else the default. */
  async getDashboardLayout(actor: Actor, product: DashboardProduct): Promise<DashboardLayoutResponse> {
    const row = await this.row(actor.scope.tenantId);
    return this.layoutResponse(product, await repo.findDashboardLayout(this.db, row.id, product));
  }

  /** Saves a product's layout (audited with before and after); a layout the product cannot show is refused whole. */
  async saveDashboardLayout(actor: Actor, product: DashboardProduct, body: DashboardLayout): Promise<DashboardLayoutResponse> {
    const problems = dashboardLayoutProblems(product, body);
    if (Object.keys(problems).length > 0) throw errors.invalid(problems);
    return this.replaceDashboardLayout(actor, product, { widgets: body.widgets.map(({ id, shown }) => ({ id, shown })) });
  }

  /** Back to the default layout: the saved one is removed. */
  async resetDashboardLayout(actor: Actor, product: DashboardProduct): Promise<DashboardLayoutResponse> {
    return this.replaceDashboardLayout(actor, product, null);
  }

  private async replaceDashboardLayout(actor: Actor, product: DashboardProduct, layout: DashboardLayout | null): Promise<DashboardLayoutResponse> {
    const row = await this.row(actor.scope.tenantId);
    const before = this.layoutResponse(product, await repo.findDashboardLayout(this.db, row.id, product));
    const after = this.layoutResponse(product, layout);
    await this.db.transaction(async (tx) => {
      await repo.saveDashboardLayout(tx, row.id, product, layout);
      await audit(tx, actor, 'tenant.dashboard_layout_changed', `dashboard-layout:${product}`, { before, after });
    });
    return after;
  }

  private layoutResponse(product: DashboardProduct, stored: DashboardLayout | null): DashboardLayoutResponse {
    return { product, widgets: resolveDashboardLayout(product, stored).widgets, customized: stored !== null };
  }
}
