import type { z } from 'zod';
import { SAML_METADATA_REFUSALS, type SsoProvider, type samlProviderCreateBodySchema, type samlProviderUpdateBodySchema } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { SamlIdpSettings } from '../../db/schema/sso';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { providerDto } from './provider-dto';
import { MetadataRefused, fetchIdpMetadata, parseIdpMetadata } from './saml-metadata';
import type { SamlSpUrls } from './saml';
import * as repo from './repo';

type Create = z.output<typeof samlProviderCreateBodySchema>;
type Update = z.output<typeof samlProviderUpdateBodySchema>;

/** What an audit row says of the IdP: enough to see a certificate rollover, nothing secret. */
const shown = (s: SamlIdpSettings | null) =>
  s && { entity_id: s.entityId, sso_url: s.ssoUrl, metadata_url: s.metadataUrl, certificates: s.certificates.length };

/**
 * SAML 2.0 providers, set up from the IdP's metadata (fetched from its URL or pasted): its entity
 * id, SSO URL and signing certificates are read from it, and read again when the owner refreshes
 * or replaces it (a certificate rollover). Signed assertions are always required.
 */
export class SamlSettingsService {
  constructor(
    private readonly db: Db,
    private readonly redirectUri: string,
    private readonly samlUrls: (id: string) => SamlSpUrls,
    private readonly allowHttp: boolean,
  ) {}

  /** The IdP's settings from the metadata given; a 400 on the field when it cannot be used. */
  private async idp(source: { metadata_url?: string | undefined; metadata_xml?: string | undefined }): Promise<SamlIdpSettings> {
    const field = source.metadata_url !== undefined ? 'metadata_url' : 'metadata_xml';
    try {
      const xml = source.metadata_url !== undefined ? await fetchIdpMetadata(source.metadata_url, this.allowHttp) : source.metadata_xml!;
      return { ...parseIdpMetadata(xml), metadataUrl: source.metadata_url ?? null };
    } catch (error) {
      if (error instanceof MetadataRefused) throw errors.invalid({ [field]: [error.message] }, error.message);
      throw error;
    }
  }

  async create(actor: Actor, body: Create): Promise<SsoProvider> {
    const saml = await this.idp(body);
    return this.db.transaction(async (tx) => {
      const row = await repo.insertProvider(tx, {
        id: crypto.randomUUID(),
        tenantId: actor.scope.tenantId,
        name: body.name,
        kind: 'saml',
        enabled: body.enabled,
        issuer: saml.entityId,
        clientId: '',
        clientSecret: '',
        scopes: '',
        groupsClaim: body.groups_attribute,
        saml,
      });
      await audit(tx, actor, 'sso.provider_created', row.name, { kind: 'saml', idp: shown(saml) });
      return providerDto(row, this.redirectUri, this.samlUrls);
    });
  }

  async update(actor: Actor, id: string, body: Update): Promise<SsoProvider> {
    const before = await repo.findProvider(this.db, actor.scope.tenantId, id);
    if (before?.kind !== 'saml' || !before.saml) throw errors.notFound();
    const refreshFrom = body.refresh_metadata && body.metadata_url === undefined && body.metadata_xml === undefined ? before.saml.metadataUrl : undefined;
    if (body.refresh_metadata && refreshFrom === null) {
      throw errors.invalid({ refresh_metadata: [SAML_METADATA_REFUSALS.pasted] }, SAML_METADATA_REFUSALS.pasted);
    }
    const source = refreshFrom ? { metadata_url: refreshFrom } : body;
    const saml = source.metadata_url !== undefined || source.metadata_xml !== undefined ? await this.idp(source) : before.saml;
    return this.db.transaction(async (tx) => {
      const row = (await repo.updateProvider(tx, actor.scope.tenantId, id, {
        name: body.name,
        enabled: body.enabled,
        groupsClaim: body.groups_attribute,
        issuer: saml.entityId,
        saml,
      }))!;
      await audit(tx, actor, 'sso.provider_changed', row.name, {
        before: { name: before.name, enabled: before.enabled, groups_attribute: before.groupsClaim, idp: shown(before.saml) },
        after: { name: row.name, enabled: row.enabled, groups_attribute: row.groupsClaim, idp: shown(row.saml) },
      });
      return providerDto(row, this.redirectUri, this.samlUrls);
    });
  }
}
