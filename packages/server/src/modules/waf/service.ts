import { randomUUID } from 'node:crypto';
import {
  DEFAULT_WAF_POLICY,
  ERROR_CODES,
  WAF_PAC_API_VERSION,
  wafPolicyDocumentSchema,
  type WafApplication,
  type WafApplicationInput,
  type WafEdge,
  type WafPolicy,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { AppError, errors } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import { configSyncOf } from '../../fleet/device-row';
import type { wafPolicyRevisionSchema, wafPolicyViewSchema } from '@netloom/domain';
import { certificateFacts, certificateProblem, selfSignedFor } from './certificates';
import { checkDomains, type AddressLookup } from './dns-check';
import * as repo from './repo';
import { wafSectionsName } from './sections';
import { systemActor } from '../config/index';

/**
 * What QShield needs of the configuration engine (wired in the composition root): render the
 * tenant's edges again inside the change's transaction, and announce the pushes after it.
 */
export interface DeviceConfigPort<O = unknown> {
  recommit(tx: Db, actor: Actor, opts: { deviceIds?: string[]; message: string; source: string }): Promise<O[]>;
  announce(outcomes: O[]): Promise<void>;
}

type SyncState = WafApplication['sync_state'];

/** An edge's sync state as the application shows it: offline edges do not sync whatever they are sent. */
function edgeState(e: repo.EdgeRow): string {
  if (e.deviceStatus === 'offline' || e.deviceStatus === 'registered') return 'offline';
  return configSyncOf(e).state;
}

/** An edge as the lists show it, with how many applications it serves (of the reader's organisation, or all for the provider). */
export function edgeView(e: repo.EdgeRow, applications: number): WafEdge {
  return {
    id: e.id,
    name: e.name,
    shared: e.shared,
    status: e.deviceStatus,
    public_ip: e.publicIp,
    location: e.locationName,
    sync_state: edgeState(e),
    last_seen_at: e.lastSeenAt?.toISOString() ?? null,
    applications,
  };
}

/** An application's state from its serving edges': the worst of them, in the order a person should look. */
function applicationSyncState(edgeStates: string[]): SyncState {
  if (edgeStates.length === 0) return 'no-edge';
  if (edgeStates.includes('failed') || edgeStates.includes('drifted')) return 'failed';
  if (edgeStates.includes('syncing') || edgeStates.includes('unconfigured')) return 'syncing';
  if (edgeStates.every((s) => s === 'offline')) return 'offline';
  return 'synced';
}

const fieldError = (field: string, message: string) => errors.invalid({ [field]: [message] });
/** A reference to something that is not the organisation's: the request is well-formed, what it names is not there (422). */
const unprocessable = (field: string, message: string) => new AppError(422, ERROR_CODES.validation, 'Invalid input.', { [field]: [message] });

/**
 * QShield's protected applications and their policies. Every change is made under the tenant's
 * WAF lock and, in the same transaction, renders the edges again: the `waf` section of each edge
 * that serves a changed application changes, and those edges get a revision and a push.
 */
export class WafService {
  constructor(
    private readonly db: Db,
    private readonly config: DeviceConfigPort,
    private readonly lookup: AddressLookup,
  ) {}

  /** The edges that may serve the organisation's applications (its own and the provider's shared POPs), or its own only. */
  async edges(actor: Actor, which: 'serving' | 'own' = 'serving'): Promise<WafEdge[]> {
    const [edges, apps] = await Promise.all([repo.listEdges(this.db, actor.scope.tenantId), repo.listApplications(this.db, actor.scope.tenantId)]);
    return edges
      .filter((e) => which === 'serving' || e.tenantId === actor.scope.tenantId)
      .map((e) => edgeView(e, apps.filter((a) => a.edgeIds.includes(e.id)).length));
  }

  /** Which organisation each application an edge serves belongs to: the edge's logs of it are that organisation's (a shared POP serves several). */
  applicationTenantsOn(deviceId: string): Promise<Map<string, string>> {
    return repo.applicationTenantsOn(this.db, deviceId);
  }

  async list(actor: Actor): Promise<WafApplication[]> {
    const [apps, edges] = await Promise.all([repo.listApplications(this.db, actor.scope.tenantId), repo.listEdges(this.db, actor.scope.tenantId)]);
    return apps.map((a) => this.view(a, edges));
  }

  async get(actor: Actor, id: string): Promise<WafApplication> {
    const app = await this.find(actor, id);
    return this.view(app, await repo.listEdges(this.db, actor.scope.tenantId));
  }

  /** The tenant's protected domains (the spec's available-domains call). */
  async availableDomains(actor: Actor): Promise<{ id: string; domain: string; application: string }[]> {
    const apps = await repo.listApplications(this.db, actor.scope.tenantId);
    return apps.flatMap((a) => a.domains.map((domain) => ({ id: a.id, domain, application: a.name })));
  }

  async create(actor: Actor, input: WafApplicationInput): Promise<WafApplication> {
    const id = randomUUID();
    const tls = await this.tlsOf(input, null);
    await this.change(actor, `Protected application ${input.name} added`, async (tx, edges) => {
      this.checkEdges(input.edge_ids, edges);
      await this.saveName(() =>
        repo.insertApplication(tx, { id, tenantId: actor.scope.tenantId, ...columnsOf(input, tls), policy: DEFAULT_WAF_POLICY, policyRevision: 1 }),
      );
      await this.claim(tx, actor, id, input.domains);
      await repo.insertRevision(tx, {
        id: randomUUID(),
        applicationId: id,
        tenantId: actor.scope.tenantId,
        revision: 1,
        policy: DEFAULT_WAF_POLICY,
        message: 'Default policy',
        author: actor.email,
      });
      await audit(tx, actor, 'waf_application_created', id, { name: input.name, domains: input.domains });
      return [...input.edge_ids];
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, input: WafApplicationInput): Promise<WafApplication> {
    const before = await this.find(actor, id);
    const tls = await this.tlsOf(input, before);
    await this.change(actor, `Protected application ${input.name} changed`, async (tx, edges) => {
      this.checkEdges(input.edge_ids, edges);
      await this.saveName(() =>
        repo.updateApplication(tx, actor.scope.tenantId, id, {
          ...columnsOf(input, tls),
          // Other domains or edges: what was checked no longer says anything.
          ...(sameSet(before.domains, input.domains) && sameSet(before.edgeIds, input.edge_ids)
            ? {}
            : { dnsVerified: null, dnsCheckedAt: null, dnsDetail: [] }),
        }),
      );
      await this.claim(tx, actor, id, input.domains);
      await audit(tx, actor, 'waf_application_updated', id, { name: input.name, domains: input.domains });
      // The edges it left lose it, the ones it joined get it.
      return [...new Set([...before.edgeIds, ...input.edge_ids])];
    });
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const before = await this.find(actor, id);
    await this.change(actor, `Protected application ${before.name} removed`, async (tx) => {
      if (!(await repo.deleteApplication(tx, actor.scope.tenantId, id))) throw errors.notFound();
      await audit(tx, actor, 'waf_application_deleted', id, { name: before.name });
      return before.edgeIds;
    });
  }

  /** Resolves the application's domains now and keeps what was found. */
  async checkDns(actor: Actor, id: string): Promise<WafApplication> {
    const app = await this.find(actor, id);
    const edges = await repo.listEdges(this.db, actor.scope.tenantId);
    const addresses = edges.filter((e) => app.edgeIds.includes(e.id) && e.publicIp).map((e) => e.publicIp!);
    const detail = await checkDomains(this.lookup, app.domains, addresses);
    await repo.updateApplication(this.db, actor.scope.tenantId, id, { dnsVerified: detail.every((d) => d.ok), dnsCheckedAt: new Date(), dnsDetail: detail });
    return this.get(actor, id);
  }

  async policy(actor: Actor, id: string): Promise<z.infer<typeof wafPolicyViewSchema>> {
    const app = await this.find(actor, id);
    const edges = (await repo.listEdges(this.db, actor.scope.tenantId)).filter((e) => app.edgeIds.includes(e.id));
    return {
      application_id: app.id,
      revision: app.policyRevision,
      policy: app.policy,
      sync_state: applicationSyncState(edges.map(edgeState)),
      edges: edges.map((e) => ({ id: e.id, name: e.name, sync_state: edgeState(e) })),
    };
  }

  /** A new revision of the application's policy, pushed to its edges. */
  async savePolicy(actor: Actor, id: string, policy: WafPolicy, message: string) {
    await this.checkLists(actor, policy);
    await this.change(actor, message || 'WAF policy changed', async (tx) => {
      const app = await this.find(actor, id, tx);
      const revision = app.policyRevision + 1;
      await repo.updateApplication(tx, actor.scope.tenantId, id, { policy, policyRevision: revision });
      await repo.insertRevision(tx, { id: randomUUID(), applicationId: id, tenantId: actor.scope.tenantId, revision, policy, message, author: actor.email });
      await audit(tx, actor, 'waf_policy_changed', id, { revision, message });
      return app.edgeIds;
    });
    return this.policy(actor, id);
  }

  /**
   * An application's OpenAPI document was uploaded or removed: when its policy enforces the
   * document (zero-trust API), its edges are rendered again with the new one (or none).
   */
  async apiDocumentChanged(actor: Actor, id: string, message: string): Promise<void> {
    await this.change(actor, message, async (tx) => {
      const app = await this.find(actor, id, tx);
      return ((app.policy as WafPolicy).zero_trust_api?.mode ?? 'off') === 'off' ? [] : app.edgeIds;
    });
  }

  async revisions(actor: Actor, id: string): Promise<z.infer<typeof wafPolicyRevisionSchema>[]> {
    await this.find(actor, id);
    const rows = await repo.listRevisions(this.db, actor.scope.tenantId, id);
    return rows.map((r) => ({ id: r.id, revision: r.revision, message: r.message, author: r.author, created_at: r.createdAt.toISOString(), policy: r.policy }));
  }

  /** Rolling back makes the old policy the newest revision again (history is never rewritten). */
  async rollback(actor: Actor, id: string, revisionId: string) {
    const target = await repo.findRevision(this.db, actor.scope.tenantId, id, revisionId);
    if (!target) throw errors.notFound();
    return this.savePolicy(actor, id, target.policy, `Rolled back to revision ${target.revision}`);
  }

  async exportPolicy(actor: Actor, id: string): Promise<{ yaml: string }> {
    const app = await this.find(actor, id);
    const doc = {
      apiVersion: WAF_PAC_API_VERSION,
      kind: 'WafPolicy',
      metadata: { application: app.name, domains: app.domains, revision: app.policyRevision, exported_at: new Date().toISOString() },
      spec: app.policy,
    };
    // YAML is loaded when policy as code is first used, not at every server start.
    const { stringify } = await import('yaml');
    return { yaml: stringify(doc) };
  }

  /** A policy-as-code document becomes the application's next revision; anything the schema refuses is a 400 naming the field. */
  async importPolicy(actor: Actor, id: string, text: string) {
    const { parse } = await import('yaml');
    let raw: unknown;
    try {
      // Aliases could expand a small document into a huge one: refused past a bound.
      raw = parse(text, { maxAliasCount: 50 });
    } catch (err) {
      throw fieldError('yaml', `Not YAML: ${(err as Error).message.split('\n')[0]}`);
    }
    const parsed = wafPolicyDocumentSchema.safeParse(raw);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fields[['yaml', ...issue.path].join('.')] ??= []).push(issue.message);
      throw errors.invalid(fields);
    }
    return this.savePolicy(
      actor,
      id,
      parsed.data.spec,
      `Imported from policy as code${parsed.data.metadata.revision ? ` (revision ${parsed.data.metadata.revision})` : ''}`,
    );
  }

  private view(a: repo.ApplicationRow, edges: repo.EdgeRow[]): WafApplication {
    const serving = edges.filter((e) => a.edgeIds.includes(e.id));
    const records = a.domains.flatMap((name) => serving.filter((e) => e.publicIp).map((e) => ({ name, type: 'A' as const, value: e.publicIp! })));
    return {
      id: a.id,
      name: a.name,
      domains: a.domains,
      origins: a.origins,
      health_check: a.healthCheck,
      tls_mode: a.tlsMode,
      certificate: a.certificate ? certificateFacts(a.certificate) : null,
      edge_ids: a.edgeIds,
      api: a.api,
      dns: { records, verified: a.dnsVerified, checked_at: a.dnsCheckedAt?.toISOString() ?? null, detail: a.dnsDetail },
      sync_state: applicationSyncState(serving.map(edgeState)),
      mode: a.policy.mode,
      policy_revision: a.policyRevision,
      created_at: a.createdAt.toISOString(),
      updated_at: a.updatedAt.toISOString(),
    };
  }

  private async find(actor: Actor, id: string, db: Db = this.db): Promise<repo.ApplicationRow> {
    const app = await repo.findApplication(db, actor.scope.tenantId, id);
    if (!app) throw errors.notFound();
    return app;
  }

  /** The certificate an application serves: uploaded (checked against its key and domains), self-signed once, or kept. */
  private async tlsOf(input: WafApplicationInput, before: repo.ApplicationRow | null): Promise<{ certificate: string | null; key: string | null }> {
    if (input.tls_mode === 'none') return { certificate: null, key: null };
    if (input.tls_mode === 'upload') {
      if (input.certificate && input.key) {
        const problem = certificateProblem(input.certificate, input.key, input.domains);
        if (problem) throw fieldError('certificate', problem);
        return { certificate: input.certificate, key: input.key };
      }
      if (before?.tlsMode === 'upload' && before.certificate && before.tlsKey) return { certificate: before.certificate, key: before.tlsKey };
      throw fieldError('certificate', 'Upload the certificate and its key');
    }
    // Self-signed: made again only when the domains change.
    if (before?.tlsMode === 'self_signed' && before.certificate && before.tlsKey && sameSet(before.domains, input.domains)) {
      return { certificate: before.certificate, key: before.tlsKey };
    }
    return selfSignedFor(input.domains);
  }

  private checkEdges(ids: readonly string[], edges: repo.EdgeRow[]): void {
    const known = new Set(edges.map((e) => e.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw unprocessable('edge_ids', 'Not a WAF edge of this organisation or a shared POP');
  }

  private async checkLists(actor: Actor, policy: WafPolicy): Promise<void> {
    if (policy.threat_lists.length === 0) return;
    const lists = new Set((await repo.listThreatLists(this.db, actor.scope.tenantId)).map((l) => l.id));
    if (policy.threat_lists.some((id) => !lists.has(id))) throw unprocessable('policy.threat_lists', 'Not a threat-intel list of this organisation');
  }

  /** The domains become the application's; one another application holds (claimed now by another organisation too) is a conflict. */
  private async claim(tx: Db, actor: Actor, id: string, domains: string[]): Promise<void> {
    const conflict = (taken: string[]) => errors.conflict(`Already protected: ${taken.join(', ')}`, { domains: [`Already protected: ${taken.join(', ')}`] });
    let taken: string[];
    try {
      taken = await repo.claimDomains(tx, actor.scope.tenantId, id, domains);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(domains);
      throw err;
    }
    if (taken.length) throw conflict(taken);
  }

  private async saveName(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (err) {
      if (isUniqueViolation(err))
        throw errors.conflict('An application with this name already exists.', { name: ['An application with this name already exists.'] });
      throw err;
    }
  }

  /**
   * One change under the tenant's WAF lock; the edges it names rendered again in the same
   * transaction, the pushes announced after. A shared POP is another tenant's device: it is
   * rendered as that tenant's (its section holds every organisation's applications it serves), and
   * its device row's lock orders the changes of the organisations it serves.
   */
  private async change(actor: Actor, message: string, fn: (tx: Db, edges: repo.EdgeRow[]) => Promise<string[]>): Promise<void> {
    const outcomes = await this.db.transaction(async (tx) => {
      await repo.lockTenantWaf(tx, actor.scope.tenantId);
      const edges = await repo.listEdges(tx, actor.scope.tenantId);
      const touched = new Set(await fn(tx, edges));
      const byTenant = new Map<string, string[]>();
      for (const e of edges) if (touched.has(e.id)) byTenant.set(e.tenantId, [...(byTenant.get(e.tenantId) ?? []), e.id]);
      const out = [];
      for (const [tenantId, deviceIds] of byTenant) {
        const as = tenantId === actor.scope.tenantId ? actor : systemActor(tenantId);
        out.push(
          ...(await this.config.recommit(tx, as, {
            deviceIds,
            message: tenantId === actor.scope.tenantId ? message : 'Protected applications of the organisations it serves',
            source: wafSectionsName,
          })),
        );
      }
      return out;
    });
    await this.config.announce(outcomes);
  }
}

/** An application's columns as onboarding sends them, with the certificate it serves. */
const columnsOf = (input: WafApplicationInput, tls: { certificate: string | null; key: string | null }) => ({
  name: input.name,
  domains: input.domains,
  origins: input.origins,
  healthCheck: input.health_check,
  tlsMode: input.tls_mode,
  certificate: tls.certificate,
  tlsKey: tls.key,
  edgeIds: input.edge_ids,
  api: input.api,
});

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
