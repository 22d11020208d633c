import { randomBytes } from 'node:crypto';
import { RUM_PATHS, RUM_SDK_PATH, type RumSite, type RumSiteInput, type RumSitePatch } from '@netloom/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';

/** 'nlr_' and 24 URL-safe characters (144 random bits): in every page of the site, so not a secret, but not guessable. */
const newPublicKey = () => `nlr_${randomBytes(18).toString('base64url')}`;
export const PUBLIC_KEY_PATTERN = /^nlr_[A-Za-z0-9_-]{24}$/;

/** The rate is stored as a real: read back to four decimals, as it was given. */
const sampleOf = (row: Pick<repo.SiteRow, 'sampleRate'>) => Math.round(row.sampleRate * 10_000) / 10_000;

function siteAnswer(row: repo.SiteRow): RumSite {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    origins: row.origins,
    sample_rate: sampleOf(row),
    honour_dnt: row.honourDnt,
    public_key: row.publicKey,
    created_at: row.createdAt.toISOString(),
    last_beacon_at: row.lastBeaconAt?.toISOString() ?? null,
  };
}

const nameTaken = () => errors.conflict('A site with this name exists already', { name: ['A site with this name exists already'] });

/** The organisation's RUM sites and apps, and the snippet that puts the SDK in their pages. */
export class RumSiteService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    /** Told when a site changes or goes: the ingest forgets what it cached of it. */
    private readonly changed: (publicKey: string) => void,
  ) {}

  async list(actor: Actor): Promise<RumSite[]> {
    return (await repo.listSites(this.db, actor.scope.tenantId)).map(siteAnswer);
  }

  async get(actor: Actor, id: string): Promise<RumSite> {
    return siteAnswer(await this.row(actor.scope.tenantId, id));
  }

  /** The site of the tenant, or 404 (another tenant's site is not found either). */
  async row(tenantId: string, id: string): Promise<repo.SiteRow> {
    const row = await repo.findSite(this.db, tenantId, id);
    if (!row) throw errors.notFound();
    return row;
  }

  async create(actor: Actor, input: RumSiteInput): Promise<RumSite> {
    try {
      const row = await repo.insertSite(this.db, {
        id: crypto.randomUUID(),
        tenantId: actor.scope.tenantId,
        name: input.name,
        kind: input.kind,
        origins: [...new Set(input.origins)],
        sampleRate: input.sample_rate,
        honourDnt: input.honour_dnt,
        publicKey: newPublicKey(),
      });
      await audit(this.db, actor, 'rum.site_created', row.id, { name: row.name, kind: row.kind, origins: row.origins });
      return siteAnswer(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw nameTaken();
      throw e;
    }
  }

  async update(actor: Actor, id: string, patch: RumSitePatch): Promise<RumSite> {
    const before = await this.row(actor.scope.tenantId, id);
    try {
      const row = await repo.updateSite(this.db, actor.scope.tenantId, id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
        ...(patch.origins !== undefined ? { origins: [...new Set(patch.origins)] } : {}),
        ...(patch.sample_rate !== undefined ? { sampleRate: patch.sample_rate } : {}),
        ...(patch.honour_dnt !== undefined ? { honourDnt: patch.honour_dnt } : {}),
      });
      if (!row) throw errors.notFound();
      this.changed(before.publicKey);
      await audit(this.db, actor, 'rum.site_changed', id, { ...patch });
      return siteAnswer(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw nameTaken();
      throw e;
    }
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const row = await this.row(actor.scope.tenantId, id);
    if (!(await repo.deleteSite(this.db, actor.scope.tenantId, id))) throw errors.notFound();
    this.changed(row.publicKey);
    await audit(this.db, actor, 'rum.site_deleted', id, { name: row.name });
  }

  async snippet(actor: Actor, id: string): Promise<{ snippet: string; sdk_url: string; ingest_url: string }> {
    const site = await this.row(actor.scope.tenantId, id);
    const sdkUrl = `${this.publicUrl}${RUM_SDK_PATH}`;
    const ingestUrl = `${this.publicUrl}/api/v1/${RUM_PATHS.ingest(site.publicKey)}`;
    const snippet =
      `<script src="${sdkUrl}" data-key="${site.publicKey}" data-endpoint="${ingestUrl}" ` +
      `data-sample="${sampleOf(site)}" data-dnt="${site.honourDnt}" data-release="" defer></script>`;
    return { snippet, sdk_url: sdkUrl, ingest_url: ingestUrl };
  }
}
