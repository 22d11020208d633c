import type { RumSourceMap, RumSourceMapInput } from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';
import type { RumSiteService } from './sites-service';
import { resolveStack, stackFiles } from './stack-resolve';

const withoutQuery = (url: string): string => url.replace(/[?#].*$/, '');

/** Source maps uploaded per release, and the stacks they resolve. */
export class RumSourceMapService {
  constructor(
    private readonly db: Db,
    private readonly sites: RumSiteService,
  ) {}

  async list(actor: Actor, siteId: string): Promise<RumSourceMap[]> {
    await this.sites.row(actor.scope.tenantId, siteId);
    return (await repo.listSourceMaps(this.db, siteId)).map((r) => ({
      id: r.id,
      site_id: r.siteId,
      release: r.release,
      file_url: r.fileUrl,
      size: r.size,
      created_at: r.createdAt.toISOString(),
    }));
  }

  async upload(actor: Actor, siteId: string, input: RumSourceMapInput): Promise<RumSourceMap> {
    await this.sites.row(actor.scope.tenantId, siteId);
    const size = Buffer.byteLength(input.map);
    const row = await repo.upsertSourceMap(this.db, {
      id: crypto.randomUUID(),
      tenantId: actor.scope.tenantId,
      siteId,
      release: input.release,
      fileUrl: withoutQuery(input.file_url),
      map: input.map,
      size,
    });
    await audit(this.db, actor, 'rum.source_map_uploaded', siteId, { release: row.release, file_url: row.fileUrl, size });
    return { id: row.id, site_id: row.siteId, release: row.release, file_url: row.fileUrl, size: row.size, created_at: row.createdAt.toISOString() };
  }

  async remove(actor: Actor, siteId: string, id: string): Promise<void> {
    await this.sites.row(actor.scope.tenantId, siteId);
    if (!(await repo.deleteSourceMap(this.db, siteId, id))) throw errors.notFound();
    await audit(this.db, actor, 'rum.source_map_deleted', siteId, { id });
  }

  /**
   * The stack resolved through the maps of its release (the newest upload of each file when the error
   * carries no release); as it came when no map matches.
   */
  async resolve(siteId: string, release: string | null, stack: string): Promise<{ stack: string; resolved: boolean }> {
    return (await this.resolveAll(siteId, [{ release, stack }]))[0]!;
  }

  /** Several stacks of a site at once: the maps of every file they name are read in one query. */
  async resolveAll(siteId: string, errors: readonly { release: string | null; stack: string }[]): Promise<{ stack: string; resolved: boolean }[]> {
    const files = [...new Set(errors.flatMap((e) => stackFiles(e.stack)))];
    // Newest first: an error without a release takes the newest upload of its file.
    const rows = await repo.sourceMapsFor(this.db, siteId, null, files);
    return errors.map(({ release, stack }) => {
      const maps = new Map<string, string>();
      for (const r of rows) if ((release === null || r.release === release) && !maps.has(r.fileUrl)) maps.set(r.fileUrl, r.map);
      return maps.size === 0 ? { stack, resolved: false } : resolveStack(stack, maps);
    });
  }
}
