import {
  apiDrift,
  apiInventory,
  DEFAULT_DISCOVERY_SETTINGS,
  driftOperation,
  reconcileDrift,
  type apiDiscoverySettingsInputSchema,
  type WafApiDiscoverySettings,
  type WafApiDocument,
  type WafApiDriftRow,
  type WafApiInventoryRow,
  type wafApiDriftQuerySchema,
  type wafWindowQuerySchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { WafAnalyticsPort } from './analytics-port';
import { discoverApis, settingsOfRow } from './api-discovery-reader';
import * as apiRepo from './api-security-repo';
import { readOpenApiDocument } from './openapi-document';
import * as repo from './repo';

type WindowQuery = z.infer<typeof wafWindowQuerySchema>;
type SettingsInput = z.infer<typeof apiDiscoverySettingsInputSchema>;
type DriftQuery = z.infer<typeof wafApiDriftQuerySchema>;
const DAY_MS = 86_400_000;
/** Drift compares the last week's traffic with the document, and with the three weeks before it (what went away). */
const DRIFT_WINDOW_MS = 7 * DAY_MS;
const DRIFT_LOOKBACK_MS = 28 * DAY_MS;

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
    /** Renders the application's edges again when they enforce its document (zero-trust API). */
    private readonly documentChanged: (actor: Actor, applicationId: string, message: string) => Promise<void> = async () => {},
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
    await this.documentChanged(actor, applicationId, `OpenAPI document ${read.title} ${read.version} uploaded`);
    // The drift history follows the new document at once, not at the next periodic check.
    await this.checkDrift(actor.scope.tenantId, applicationId);
    return this.document(actor, applicationId);
  }

  async removeDocument(actor: Actor, applicationId: string): Promise<void> {
    if (!(await repo.deleteApiDocument(this.db, actor.scope.tenantId, applicationId))) throw errors.notFound();
    await audit(this.db, actor, 'waf_api_document_removed', applicationId);
    await this.documentChanged(actor, applicationId, 'OpenAPI document removed');
    await this.checkDrift(actor.scope.tenantId, applicationId);
  }

  /** Every application's endpoints (or one's) in the window: declared and seen, shadow, zombie, or undocumented. */
  async inventory(actor: Actor, q: WindowQuery): Promise<WafApiInventoryRow[]> {
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 7 * DAY_MS);
    if (!(from < to)) throw errors.invalid({ from: ['Should be before the end of the window'] });
    const scope = { tenantId: actor.scope.tenantId, from, to, applicationId: q.application_id ?? null, deviceId: q.edge_id ?? null };
    const [apps, documents, { endpoints: discovered, settingsOf }] = await Promise.all([
      repo.listApplications(this.db, actor.scope.tenantId),
      repo.listApiDocuments(this.db, actor.scope.tenantId),
      discoverApis(this.db, this.analytics, scope),
    ]);
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
          estimated: settingsOf(a.id).sampling_percent < 100,
        })),
      );
  }

  /** The application's API discovery settings (the defaults until it has its own). */
  async discoverySettings(actor: Actor, applicationId: string): Promise<WafApiDiscoverySettings> {
    await this.application(actor, applicationId);
    const row = await apiRepo.findDiscoverySettings(this.db, actor.scope.tenantId, applicationId);
    if (!row) return { application_id: applicationId, ...DEFAULT_DISCOVERY_SETTINGS, defaults: true, updated_by: null, updated_at: null };
    return { application_id: applicationId, ...settingsOfRow(row), defaults: false, updated_by: row.updatedBy, updated_at: row.updatedAt.toISOString() };
  }

  async saveDiscoverySettings(actor: Actor, applicationId: string, input: SettingsInput): Promise<WafApiDiscoverySettings> {
    const app = await repo.findApplication(this.db, actor.scope.tenantId, applicationId);
    if (!app) throw errors.notFound();
    const foreign = input.hosts.findIndex((h) => !app.domains.includes(h));
    if (foreign >= 0) throw errors.invalid({ [`hosts.${foreign}`]: [`Not one of the application’s domains: ${input.hosts[foreign]}`] });
    const unique = (list: string[]) => [...new Set(list)];
    const settings = {
      enabled: input.enabled,
      hosts: unique(input.hosts),
      pathPrefixes: unique(input.path_prefixes),
      exclusions: unique(input.exclusions),
      samplingPercent: input.sampling_percent,
    };
    await apiRepo.saveDiscoverySettings(this.db, { applicationId, tenantId: actor.scope.tenantId, ...settings, updatedBy: actor.email });
    await audit(this.db, actor, 'waf_api_discovery_settings_changed', applicationId, settings);
    await this.checkDrift(actor.scope.tenantId, applicationId);
    return this.discoverySettings(actor, applicationId);
  }

  /** The drift history: each finding with when it appeared and when (and why) it was resolved, the latest change first. */
  async drift(actor: Actor, q: DriftQuery): Promise<WafApiDriftRow[]> {
    const [apps, rows] = await Promise.all([
      repo.listApplications(this.db, actor.scope.tenantId),
      apiRepo.listDrift(this.db, actor.scope.tenantId, { applicationId: q.application_id ?? null, kind: q.kind ?? null, state: q.state ?? null }),
    ]);
    const names = new Map(apps.map((a) => [a.id, a.name]));
    return rows.map((r) => ({
      id: r.id,
      application_id: r.applicationId,
      application: names.get(r.applicationId) ?? '',
      kind: r.kind,
      method: r.method,
      path: r.path,
      param: r.param || null,
      detail: r.detail,
      first_seen: r.firstSeenAt.toISOString(),
      resolved_at: r.resolvedAt?.toISOString() ?? null,
      resolution: r.resolution,
    }));
  }

  /**
   * Compares a tenant's applications (or one) with their documents now and records what changed in
   * the drift history; the number of findings opened and resolved. An application whose discovery
   * is off is left as it stands.
   */
  async checkDrift(tenantId: string, applicationId: string | null = null, now = new Date()): Promise<number> {
    const scope = (from: number, to: number) => ({ tenantId, applicationId, deviceId: null, from: new Date(from), to: new Date(to) });
    const [apps, documents, current, earlier] = await Promise.all([
      repo.listApplications(this.db, tenantId),
      repo.listApiDocuments(this.db, tenantId),
      discoverApis(this.db, this.analytics, scope(now.getTime() - DRIFT_WINDOW_MS, now.getTime())),
      discoverApis(this.db, this.analytics, scope(now.getTime() - DRIFT_LOOKBACK_MS, now.getTime() - DRIFT_WINDOW_MS)),
    ]);
    let changes = 0;
    for (const app of apps.filter((a) => (applicationId === null || a.id === applicationId) && current.settingsOf(a.id).enabled)) {
      const mine = current.endpoints.filter((e) => e.applicationId === app.id);
      const documented = documents.find((d) => d.applicationId === app.id)?.operations.map(driftOperation) ?? null;
      const found = apiDrift({ current: mine, earlier: earlier.endpoints.filter((e) => e.applicationId === app.id), documented });
      const open = await apiRepo.openDriftFindings(this.db, tenantId, app.id);
      const change = reconcileDrift(open, found, { current: mine, documented });
      await apiRepo.recordDrift(this.db, tenantId, app.id, change, now);
      changes += change.opened.length + change.resolved.length;
    }
    return changes;
  }

  /** Every tenant's drift (the periodic check). */
  async checkAllDrift(stopped: () => boolean = () => false): Promise<number> {
    let changes = 0;
    for (const tenantId of await apiRepo.tenantsWithApplications(this.db)) {
      if (stopped()) break;
      changes += await this.checkDrift(tenantId);
    }
    return changes;
  }

  private async application(actor: Actor, id: string): Promise<void> {
    if (!(await repo.findApplication(this.db, actor.scope.tenantId, id))) throw errors.notFound();
  }
}
