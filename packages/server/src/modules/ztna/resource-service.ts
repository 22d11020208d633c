import {
  ZTNA_LIMITS,
  relayHealthOf,
  type DataProtection,
  type TenantZtna,
  type ZtnaServer,
  type relayInputSchema,
  type ztnaServerInputSchema,
  type connectorRowSchema,
  type relayRowSchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';
import { checkReference, refuseWhileUsed, uniqueName } from './references';
import { connectorHealthOf, serversReachable } from './connector-health';
import { connectorsOf, type ZtnaImpact, type ZtnaRecommit } from './recommit';

type ServerInput = z.output<typeof ztnaServerInputSchema>;

/** A server's edit reaches the endpoints some policy lets reach it and the app connectors of its site (before and after). */
const serverImpact = (tenant: TenantZtna, before: ZtnaServer | null, after: ZtnaServer | null): ZtnaImpact => ({
  changes: [{ kind: 'server', before, after }],
  gateways: connectorsOf(tenant, [before?.site, after?.site]),
});

/** A connector's edit reaches its own gateway and the endpoints reaching its sites' servers. */
function connectorImpact(tenant: TenantZtna, deviceId: string, after: { deviceId: string; site: string } | null): ZtnaImpact {
  const before = tenant.connectors.find((c) => c.deviceId === deviceId) ?? null;
  return { changes: [{ kind: 'connector', before, after }], gateways: [deviceId] };
}
type RelayInput = z.output<typeof relayInputSchema>;

/**
 * What clients reach and through what: servers (private applications) with their data protection
 * controls, the app connectors that publish each site's servers, and the overlay's relays.
 */
export class ResourceService {
  constructor(
    private readonly db: Db,
    private readonly recommit: ZtnaRecommit,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // ─── servers ──────────────────────────────────────────────────────────────────────────────────

  listServers(actor: Actor): Promise<ZtnaServer[]> {
    return repo.listServers(this.db, actor.scope.tenantId);
  }

  async getServer(actor: Actor, id: string): Promise<ZtnaServer> {
    const s = await repo.findServer(this.db, actor.scope.tenantId, id);
    if (!s) throw errors.notFound();
    return s;
  }

  async createServer(actor: Actor, input: ServerInput): Promise<ZtnaServer> {
    const tenantId = actor.scope.tenantId;
    const id = crypto.randomUUID();
    await uniqueName('server', () =>
      this.recommit.change(
        actor,
        `Server '${input.name}' added`,
        async (tx) => {
          if ((await repo.listServers(tx, tenantId)).length >= ZTNA_LIMITS.servers)
            throw errors.invalid({ non_field_errors: [`At most ${ZTNA_LIMITS.servers} servers`] });
          await repo.insertServer(tx, tenantId, { ...input, id });
          await audit(tx, actor, 'ztna.server_created', id, { name: input.name });
          return (await repo.findServer(tx, tenantId, id))!;
        },
        (after, tenant) => serverImpact(tenant, null, after),
      ),
    );
    return this.getServer(actor, id);
  }

  async updateServer(actor: Actor, id: string, input: ServerInput): Promise<ZtnaServer> {
    const tenantId = actor.scope.tenantId;
    await uniqueName('server', () =>
      this.recommit.change(
        actor,
        `Server '${input.name}' changed`,
        async (tx) => {
          const before = await repo.findServer(tx, tenantId, id);
          if (!before) throw errors.notFound();
          const after = { ...input, id, dpc: before.dpc };
          await repo.updateServer(tx, tenantId, after);
          await audit(tx, actor, 'ztna.server_changed', id, { before, after });
          return { before, after };
        },
        (r, tenant) => serverImpact(tenant, r.before, r.after),
      ),
    );
    return this.getServer(actor, id);
  }

  async setDpc(actor: Actor, id: string, dpc: DataProtection): Promise<ZtnaServer> {
    const tenantId = actor.scope.tenantId;
    await this.recommit.change(
      actor,
      'Data protection controls changed',
      async (tx) => {
        const before = await repo.findServer(tx, tenantId, id);
        if (!before) throw errors.notFound();
        await repo.setServerDpc(tx, tenantId, id, dpc);
        await audit(tx, actor, 'ztna.server_dpc_changed', id, { before: before.dpc, after: dpc });
        return { before, after: { ...before, dpc } };
      },
      (r, tenant) => serverImpact(tenant, r.before, r.after),
    );
    return this.getServer(actor, id);
  }

  /** A server a policy or a profile still names stays: the answer names them. */
  async deleteServer(actor: Actor, id: string): Promise<void> {
    const tenantId = actor.scope.tenantId;
    await this.recommit.change(
      actor,
      'Server deleted',
      async (tx) => {
        const gone = await repo.findServer(tx, tenantId, id);
        if (!gone) throw errors.notFound();
        const [policies, profiles] = await Promise.all([repo.listPolicies(tx, tenantId), repo.listProfiles(tx, tenantId)]);
        refuseWhileUsed('server', [
          ...policies.filter((p) => p.destinations.servers.includes(id)).map((p) => ({ kind: 'policy', name: p.name })),
          ...profiles.filter((p) => p.resources.includes(id)).map((p) => ({ kind: 'profile', name: p.name })),
        ]);
        await repo.deleteServer(tx, tenantId, id);
        await audit(tx, actor, 'ztna.server_deleted', id, { name: gone.name });
        return gone;
      },
      (gone, tenant) => serverImpact(tenant, gone, null),
    );
  }

  // ─── app connectors ───────────────────────────────────────────────────────────────────────────

  async listConnectors(actor: Actor): Promise<z.output<typeof connectorRowSchema>[]> {
    const tenantId = actor.scope.tenantId;
    const [rows, servers] = await Promise.all([repo.listConnectorRows(this.db, tenantId), repo.listServers(this.db, tenantId)]);
    const now = this.now();
    return rows.map((c) => {
      const serverIds = servers.filter((s) => s.site === c.site).map((s) => s.id);
      const facts = { deviceStatus: c.deviceStatus, health: c.health, healthAt: c.healthAt, serverIds };
      return {
        device_id: c.deviceId,
        name: c.name,
        site: c.site,
        device_status: c.deviceStatus,
        last_seen: c.lastSeenAt?.toISOString() ?? null,
        servers_total: serverIds.length,
        servers_reachable: serversReachable(facts),
        active_sessions: c.activeSessions,
        health_at: c.healthAt?.toISOString() ?? null,
        health: connectorHealthOf(facts, now),
      };
    });
  }

  /** One of the tenant's gateways publishes a site's servers (its device type becomes app-connector). */
  async addConnector(actor: Actor, body: { device_id: string; site: string }): Promise<z.output<typeof connectorRowSchema>> {
    const tenantId = actor.scope.tenantId;
    await checkReference(this.db, tenantId, 'device_id', 'gateways', body.device_id);
    await this.recommit.change(
      actor,
      `App connector for site '${body.site}'`,
      async (tx) => {
        await repo.upsertConnector(tx, tenantId, body.device_id, body.site);
        await audit(tx, actor, 'ztna.connector_set', body.device_id, { site: body.site });
      },
      (_, tenant) => connectorImpact(tenant, body.device_id, { deviceId: body.device_id, site: body.site }),
    );
    return (await this.listConnectors(actor)).find((c) => c.device_id === body.device_id)!;
  }

  async removeConnector(actor: Actor, deviceId: string): Promise<void> {
    await this.recommit.change(
      actor,
      'App connector removed',
      async (tx) => {
        if (!(await repo.deleteConnector(tx, actor.scope.tenantId, deviceId))) throw errors.notFound();
        await audit(tx, actor, 'ztna.connector_removed', deviceId);
      },
      (_, tenant) => connectorImpact(tenant, deviceId, null),
    );
  }

  // ─── relays ───────────────────────────────────────────────────────────────────────────────────

  async listRelays(actor: Actor, opts: { enabledOnly?: boolean } = {}): Promise<z.output<typeof relayRowSchema>[]> {
    const now = this.now();
    const rows = await repo.listRelayRows(this.db, actor.scope.tenantId);
    return rows.filter((r) => !opts.enabledOnly || r.body.enabled).map((r) => this.relayRow(r, now));
  }

  async getRelay(actor: Actor, id: string): Promise<z.output<typeof relayRowSchema>> {
    const row = await repo.findRelayRow(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    return this.relayRow(row, this.now());
  }

  async createRelay(actor: Actor, input: RelayInput) {
    const tenantId = actor.scope.tenantId;
    const relay = { ...input, id: crypto.randomUUID() };
    await uniqueName('relay', () =>
      this.recommit.change(
        actor,
        `Relay '${input.name}' added`,
        async (tx) => {
          if ((await repo.listRelays(tx, tenantId)).length >= ZTNA_LIMITS.relays)
            throw errors.invalid({ non_field_errors: [`At most ${ZTNA_LIMITS.relays} relays`] });
          await repo.insertRelay(tx, tenantId, relay);
          await audit(tx, actor, 'ztna.relay_created', relay.id, { name: input.name });
        },
        () => ({ changes: [{ kind: 'relay', before: null, after: relay }] }),
      ),
    );
    return this.getRelay(actor, relay.id);
  }

  async updateRelay(actor: Actor, id: string, input: RelayInput) {
    const tenantId = actor.scope.tenantId;
    const after = { ...input, id };
    await uniqueName('relay', () =>
      this.recommit.change(
        actor,
        `Relay '${input.name}' changed`,
        async (tx) => {
          const row = await repo.findRelayRow(tx, tenantId, id);
          if (!row) throw errors.notFound();
          const before = repo.relayOf(row);
          await repo.updateRelay(tx, tenantId, after);
          await audit(tx, actor, 'ztna.relay_changed', id, { before, after });
          return before;
        },
        (before) => ({ changes: [{ kind: 'relay', before, after }] }),
      ),
    );
    return this.getRelay(actor, id);
  }

  /** A relay a profile names stays (without it, the profile would mean 'the nearest relay'). */
  async deleteRelay(actor: Actor, id: string): Promise<void> {
    const tenantId = actor.scope.tenantId;
    await this.recommit.change(
      actor,
      'Relay deleted',
      async (tx) => {
        const row = await repo.findRelayRow(tx, tenantId, id);
        if (!row) throw errors.notFound();
        const profiles = await repo.listProfiles(tx, tenantId);
        refuseWhileUsed(
          'relay',
          profiles.filter((p) => p.relays.includes(id)).map((p) => ({ kind: 'profile', name: p.name })),
        );
        await repo.deleteRelay(tx, tenantId, id);
        await audit(tx, actor, 'ztna.relay_deleted', id, { name: row.name });
        return repo.relayOf(row);
      },
      (gone) => ({ changes: [{ kind: 'relay', before: gone, after: null }] }),
    );
  }

  private relayRow(r: repo.RelayRow, now: Date): z.output<typeof relayRowSchema> {
    return {
      ...repo.relayOf(r),
      health: relayHealthOf({ latencyMs: r.latencyMs, failures: r.failures, reports: r.reports, lastReportAt: r.lastReportAt }, now),
      latency_ms: r.latencyMs,
      last_report_at: r.lastReportAt?.toISOString() ?? null,
    };
  }
}
