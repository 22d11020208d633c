import type { z } from 'zod';
import { withSettingDefaults, type ConfigPreference, type Organisation, type configPreferenceBodySchema, type organisationBodySchema } from '@netloom/domain';
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
}
