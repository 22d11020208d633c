import { apiInventory, discoverEndpoints, type WafApiDocument, type WafApiInventoryRow, type wafWindowQuerySchema } from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { WafAnalyticsPort } from './analytics-port';
import { readOpenApiDocument } from './openapi-document';
import * as repo from './repo';

type WindowQuery = z.infer<typeof wafWindowQuerySchema>;
const DAY_MS = 86_400_000;

const view = (d: repo.ApiDocumentRow): WafApiDocument => ({
  application_id: d.applicationId,
  title: d.title,
  version: d.version,
  openapi: d.openapi,
  operations: d.operations.length,
  uploaded_by: d.uploadedBy,
  uploaded_at: d.uploadedAt.toISOString(),
});

/**
 * API security: each application's OpenAPI document, and its inventory — what the document
 * declares against what the edges' traffic showed (documented, shadow and zombie endpoints).
 */
export class WafApiSecurityService {
  constructor(
    private readonly db: Db,
    private readonly analytics: WafAnalyticsPort,
  ) {}

  async document(actor: Actor, applicationId: string): Promise<WafApiDocument> {
    await this.application(actor, applicationId);
    const doc = await repo.findApiDocument(this.db, actor.scope.tenantId, applicationId);
    if (!doc) throw errors.notFound();
    return view(doc);
  }

  async upload(actor: Actor, applicationId: string, text: string): Promise<WafApiDocument> {
    await this.application(actor, applicationId);
    const read = await readOpenApiDocument(text);
    if ('problem' in read) throw errors.invalid({ document: [read.problem] });
    await repo.saveApiDocument(this.db, { applicationId, tenantId: actor.scope.tenantId, ...read, source: text, uploadedBy: actor.email });
    await audit(this.db, actor, 'waf_api_document_uploaded', applicationId, { title: read.title, version: read.version, operations: read.operations.length });
    return this.document(actor, applicationId);
  }

  async removeDocument(actor: Actor, applicationId: string): Promise<void> {
    if (!(await repo.deleteApiDocument(this.db, actor.scope.tenantId, applicationId))) throw errors.notFound();
    await audit(this.db, actor, 'waf_api_document_removed', applicationId);
  }

  /** Every application's endpoints (or one's) in the window: declared and seen, shadow, zombie, or undocumented. */
  async inventory(actor: Actor, q: WindowQuery): Promise<WafApiInventoryRow[]> {
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 7 * DAY_MS);
    if (!(from < to)) throw errors.invalid({ from: ['Should be before the end of the window'] });
    const scope = { tenantId: actor.scope.tenantId, from, to, applicationId: q.application_id ?? null, deviceId: q.edge_id ?? null };
    const [apps, documents, counts] = await Promise.all([
      repo.listApplications(this.db, actor.scope.tenantId),
      repo.listApiDocuments(this.db, actor.scope.tenantId),
      this.analytics.pathCounts(scope),
    ]);
    const discovered = discoverEndpoints(counts);
    return apps
      .filter((a) => !q.application_id || a.id === q.application_id)
      .flatMap((a) =>
        apiInventory(
          discovered.filter((e) => e.applicationId === a.id),
          documents.find((d) => d.applicationId === a.id)?.operations ?? null,
        ).map((r) => ({
          application_id: a.id,
          application: a.name,
          state: r.state,
          method: r.method,
          path: r.path,
          requests: r.requests,
          errors: r.errors,
          last_seen: r.lastSeen?.toISOString() ?? null,
        })),
      );
  }

  private async application(actor: Actor, id: string): Promise<void> {
    if (!(await repo.findApplication(this.db, actor.scope.tenantId, id))) throw errors.notFound();
  }
}
