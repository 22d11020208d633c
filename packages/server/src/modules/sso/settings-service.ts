import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ERROR_CODES,
  ssoTxtName,
  ssoTxtValue,
  txtRecordsVerify,
  type SsoDomain,
  type SsoMapping,
  type SsoProvider,
  type SsoSettings,
  type ssoMappingBodySchema,
  type ssoProviderCreateBodySchema,
  type ssoProviderUpdateBodySchema,
  type ssoSettingsBodySchema,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { audit, type Actor } from '../../http/access';
import { AppError, errors } from '../../http/errors';
import { providerDto } from './provider-dto';
import type { SamlSpUrls } from './saml';
import * as repo from './repo';

type ProviderCreate = z.output<typeof ssoProviderCreateBodySchema>;
type ProviderUpdate = z.output<typeof ssoProviderUpdateBodySchema>;
type MappingBody = z.output<typeof ssoMappingBodySchema>;
type SettingsBody = z.output<typeof ssoSettingsBodySchema>;

/** Answers the TXT records of a domain's challenge for its token (DNS, or a lab's override). */
export type DomainCheck = (domain: string, token: string) => Promise<string[][]>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What owners set up for single sign-on: providers (the client secret sealed at rest and never
 * answered), the domains they prove by DNS, group mappings and the organisation's SSO policy.
 * Every change is audited; secrets never appear in the audit rows.
 */
export class SsoSettingsService {
  constructor(
    private readonly db: Db,
    private readonly checkDomain: DomainCheck,
    private readonly redirectUri: string,
    private readonly samlUrls: (id: string) => SamlSpUrls,
  ) {}

  private providerDto(row: repo.ProviderRow): SsoProvider {
    return providerDto(row, this.redirectUri, this.samlUrls);
  }

  async providers(actor: Actor): Promise<SsoProvider[]> {
    return (await repo.listProviders(this.db, actor.scope.tenantId)).map((r) => this.providerDto(r));
  }

  async createProvider(actor: Actor, body: ProviderCreate): Promise<SsoProvider> {
    return this.db.transaction(async (tx) => {
      const row = await repo.insertProvider(tx, {
        id: crypto.randomUUID(),
        tenantId: actor.scope.tenantId,
        name: body.name,
        kind: body.kind,
        enabled: body.enabled,
        issuer: body.issuer,
        clientId: body.client_id,
        clientSecret: body.client_secret,
        scopes: body.scopes,
        groupsClaim: body.groups_claim,
      });
      await audit(tx, actor, 'sso.provider_created', row.name, { issuer: row.issuer, client_id: row.clientId });
      return this.providerDto(row);
    });
  }

  async updateProvider(actor: Actor, id: string, body: ProviderUpdate): Promise<SsoProvider> {
    const before = await repo.findProvider(this.db, actor.scope.tenantId, id);
    if (!before) throw errors.notFound();
    const oidcOnly = (['issuer', 'client_id', 'client_secret', 'scopes'] as const).filter((f) => body[f] !== undefined);
    if (before.kind !== 'oidc' && oidcOnly.length > 0) {
      throw errors.invalid(Object.fromEntries(oidcOnly.map((f) => [f, ['A SAML provider takes its settings from its metadata.']])));
    }
    return this.db.transaction(async (tx) => {
      const row = await repo.updateProvider(tx, actor.scope.tenantId, id, {
        name: body.name,
        enabled: body.enabled,
        issuer: body.issuer,
        clientId: body.client_id,
        clientSecret: body.client_secret,
        scopes: body.scopes,
        groupsClaim: body.groups_claim,
      });
      const shown = (r: repo.ProviderRow) => ({
        name: r.name,
        enabled: r.enabled,
        issuer: r.issuer,
        client_id: r.clientId,
        scopes: r.scopes,
        groups_claim: r.groupsClaim,
      });
      await audit(tx, actor, 'sso.provider_changed', row!.name, {
        before: shown(before),
        after: shown(row!),
        secret_changed: body.client_secret !== undefined,
      });
      return this.providerDto(row!);
    });
  }

  async removeProvider(actor: Actor, id: string): Promise<void> {
    const row = await repo.findProvider(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    await this.db.transaction(async (tx) => {
      await repo.deleteProvider(tx, actor.scope.tenantId, id);
      await audit(tx, actor, 'sso.provider_deleted', row.name);
    });
  }

  private domainDto(row: repo.DomainRow): SsoDomain {
    return {
      id: row.id,
      domain: row.domain,
      txt_name: ssoTxtName(row.domain),
      txt_value: ssoTxtValue(row.token),
      verified_at: iso(row.verifiedAt),
      created_at: row.createdAt.toISOString(),
    };
  }

  async domains(actor: Actor): Promise<SsoDomain[]> {
    return (await repo.listDomains(this.db, actor.scope.tenantId)).map((r) => this.domainDto(r));
  }

  async addDomain(actor: Actor, domain: string): Promise<SsoDomain> {
    return this.db.transaction(async (tx) => {
      const row = await repo.insertDomain(tx, {
        id: crypto.randomUUID(),
        tenantId: actor.scope.tenantId,
        domain,
        token: randomBytes(18).toString('base64url'),
      });
      if (!row) throw errors.conflict('This domain is already on the list.', { domain: ['This domain is already on the list.'] });
      await audit(tx, actor, 'sso.domain_added', domain);
      return this.domainDto(row);
    });
  }

  /** Looks for the TXT record now; a domain another organisation verified first stays theirs. */
  async verifyDomain(actor: Actor, id: string): Promise<SsoDomain> {
    const row = await repo.findDomain(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    if (row.verifiedAt) return this.domainDto(row);
    const owner = await repo.verifiedDomain(this.db, row.domain);
    if (owner) throw errors.conflict('Another organisation has verified this domain.');
    let records: string[][];
    try {
      records = await this.checkDomain(row.domain, row.token);
    } catch {
      throw new AppError(409, 'dns_unavailable', 'DNS did not answer. Try again in a minute.');
    }
    if (!txtRecordsVerify(records, row.token)) {
      throw new AppError(409, 'txt_record_missing', `The TXT record was not found at ${ssoTxtName(row.domain)}. DNS changes can take a while to appear.`);
    }
    try {
      return await this.db.transaction(async (tx) => {
        const verified = await repo.markDomainVerified(tx, actor.scope.tenantId, id, new Date());
        await audit(tx, actor, 'sso.domain_verified', row.domain);
        return this.domainDto(verified!);
      });
    } catch (error) {
      // Two organisations proving one domain at once: the unique index lets the first one through.
      if (isUniqueViolation(error)) throw errors.conflict('Another organisation has verified this domain.');
      throw error;
    }
  }

  async removeDomain(actor: Actor, id: string): Promise<void> {
    const row = await repo.findDomain(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    await this.db.transaction(async (tx) => {
      await repo.deleteDomain(tx, actor.scope.tenantId, id);
      await audit(tx, actor, 'sso.domain_removed', row.domain);
    });
  }

  async mappings(actor: Actor): Promise<SsoMapping[]> {
    return (await repo.listMappings(this.db, actor.scope.tenantId)).map((m) => ({
      id: m.id,
      idp_group: m.idpGroup,
      role: m.role,
      group_id: m.groupId,
      group_name: m.groupName,
      created_at: m.createdAt.toISOString(),
    }));
  }

  async addMapping(actor: Actor, body: MappingBody): Promise<SsoMapping> {
    if (body.group_id && !(await repo.groupOfTenant(this.db, actor.scope.tenantId, body.group_id))) {
      throw new AppError(422, ERROR_CODES.validation, 'Invalid input.', { group_id: ['The group is not one of this organisation.'] });
    }
    const id = crypto.randomUUID();
    await this.db.transaction(async (tx) => {
      await repo.insertMapping(tx, { id, tenantId: actor.scope.tenantId, idpGroup: body.idp_group, role: body.role, groupId: body.group_id });
      await audit(tx, actor, 'sso.mapping_added', body.idp_group, { role: body.role, group_id: body.group_id });
    });
    return (await this.mappings(actor)).find((m) => m.id === id)!;
  }

  async removeMapping(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteMapping(tx, actor.scope.tenantId, id))) throw errors.notFound();
      await audit(tx, actor, 'sso.mapping_removed', id);
    });
  }

  async settings(actor: Actor): Promise<SsoSettings> {
    const row = await repo.findSettings(this.db, actor.scope.tenantId);
    return { require_sso: row.requireSso, default_role: row.defaultRole as SsoSettings['default_role'] };
  }

  async saveSettings(actor: Actor, body: SettingsBody): Promise<SsoSettings> {
    const before = await this.settings(actor);
    const after = { ...before, ...body };
    await this.db.transaction(async (tx) => {
      await repo.saveSettings(tx, { tenantId: actor.scope.tenantId, requireSso: after.require_sso, defaultRole: after.default_role });
      await audit(tx, actor, 'sso.settings_changed', null, { before, after });
    });
    return after;
  }
}
