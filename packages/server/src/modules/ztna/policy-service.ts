import {
  UNKNOWN_POSTURE,
  ZTNA_LIMITS,
  decideForServer,
  securityGroupsOf,
  type AccessDecision,
  type ZtnaPolicy,
  type accessTestBodySchema,
  type accessTestResultSchema,
  type reachBodySchema,
  type reachRowSchema,
  type ztnaPolicyInputSchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';
import { findEndpoint, latestEndpointOf, listEndpoints, postureOf, teamsOfUsers } from './endpoints-repo';
import { checkReferences, unprocessable, uniqueName } from './references';
import type { CountryPort } from './ports';
import { unnumbered, type ZtnaRecommit } from './recommit';

type PolicyInput = z.output<typeof ztnaPolicyInputSchema>;

const decisionOf = (d: AccessDecision) => ({ action: d.action, rule: d.rule, policy: d.policy, failed: d.failed, reason: d.reason });

/**
 * Access policies, in order (first match decides; default deny), and the "who can reach what"
 * tool, which decides with the very function the endpoints run, on what an endpoint would know.
 */
export class PolicyService {
  constructor(
    private readonly db: Db,
    private readonly recommit: ZtnaRecommit,
    private readonly countries: CountryPort,
  ) {}

  list(actor: Actor): Promise<ZtnaPolicy[]> {
    return repo.listPolicies(this.db, actor.scope.tenantId);
  }

  async get(actor: Actor, id: string): Promise<ZtnaPolicy> {
    const p = (await this.list(actor)).find((x) => x.id === id);
    if (!p) throw errors.notFound();
    return p;
  }

  async create(actor: Actor, input: PolicyInput): Promise<ZtnaPolicy> {
    await this.checkReferences(actor, input);
    const id = crypto.randomUUID();
    await this.save(actor, `Access policy '${input.name}' created`, [id], async (tx, policies) => {
      if (policies.length >= ZTNA_LIMITS.policies) throw errors.invalid({ non_field_errors: [`At most ${ZTNA_LIMITS.policies} policies`] });
      const { order, ...fields } = input;
      const next = [...policies];
      const at = Math.min(order ?? next.length + 1, next.length + 1) - 1;
      next.splice(at, 0, { ...fields, id, order: at + 1 });
      await audit(tx, actor, 'ztna.policy_created', id, { name: input.name, order: at + 1 });
      return next;
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, input: PolicyInput): Promise<ZtnaPolicy> {
    await this.checkReferences(actor, input);
    await this.save(actor, `Access policy '${input.name}' changed`, [id], async (tx, policies) => {
      const i = policies.findIndex((p) => p.id === id);
      if (i < 0) throw errors.notFound();
      const { order, ...fields } = input;
      const next = policies.filter((p) => p.id !== id);
      const at = Math.min(order ?? i + 1, next.length + 1) - 1;
      next.splice(at, 0, { ...fields, id, order: at + 1 });
      await audit(tx, actor, 'ztna.policy_changed', id, { before: policies[i], after: { ...fields, order: at + 1 } });
      return next;
    });
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.save(actor, 'Access policy deleted', [], async (tx, policies) => {
      const gone = policies.find((p) => p.id === id);
      if (!gone) throw errors.notFound();
      await audit(tx, actor, 'ztna.policy_deleted', id, { name: gone.name });
      return policies.filter((p) => p.id !== id);
    });
  }

  /** The new order names every policy once; anything else is refused and nothing moves. */
  async reorder(actor: Actor, ids: string[]): Promise<ZtnaPolicy[]> {
    await this.save(actor, 'Access policies reordered', [], async (tx, policies) => {
      const byId = new Map(policies.map((p) => [p.id, p]));
      if (ids.length !== policies.length || ids.some((id) => !byId.has(id)))
        throw errors.invalid({ ids: ['Name every policy of the organisation once, in the new order.'] });
      await audit(tx, actor, 'ztna.policies_reordered', null, { before: policies.map((p) => p.id), after: ids });
      return ids.map((id) => byId.get(id)!);
    });
    return this.list(actor);
  }

  /**
   * The tool: the decision a user or an endpoint gets for a server, with the inputs the endpoint
   * has: its posture as last reported, its OS, the country of its public address and its approval.
   * A user alone is asked about on the endpoint they were seen on last (none: nothing is known of
   * their posture, and a condition on it fails).
   */
  async test(actor: Actor, body: z.output<typeof accessTestBodySchema>): Promise<z.output<typeof accessTestResultSchema>> {
    const tenantId = actor.scope.tenantId;
    const [server, chosen] = await Promise.all([
      repo.findServer(this.db, tenantId, body.server_id),
      body.device_id ? findEndpoint(this.db, tenantId, body.device_id) : undefined,
    ]);
    const fields: Record<string, string[]> = {};
    if (!server) fields.server_id = ['No such server in this organisation'];
    if (body.device_id && !chosen) fields.device_id = ['No such endpoint in this organisation'];
    if (!server || Object.keys(fields).length) throw unprocessable(fields);
    const user = body.user || chosen?.user || null;
    const endpoint = chosen ?? (user ? await latestEndpointOf(this.db, tenantId, user) : undefined);
    const posture = endpoint ? postureOf(endpoint, this.countries) : UNKNOWN_POSTURE;
    const [policies, securityGroups, teams] = await Promise.all([
      repo.listPolicies(this.db, tenantId),
      repo.listSecurityGroups(this.db, tenantId),
      user ? teamsOfUsers(this.db, tenantId, [user]) : new Map<string, string[]>(),
    ]);
    const groups = (user && teams.get(user)) || [];
    const inGroups = securityGroupsOf(securityGroups, { user, endpointId: endpoint?.id ?? null, posture });
    const decision = decideForServer(policies, server, {
      user,
      endpointId: endpoint?.id ?? null,
      groups,
      securityGroups: inGroups,
      posture,
      serverId: server.id,
      protocol: body.protocol,
      port: body.port ?? null,
      at: body.at ? new Date(body.at) : new Date(),
    });
    const groupNames = await repo.groupNames(this.db, tenantId, groups);
    const sgNames = new Map(securityGroups.map((g) => [g.id, g.name]));
    return {
      ...decisionOf(decision),
      user,
      device: endpoint ? { id: endpoint.id, name: endpoint.name } : null,
      server: { id: server.id, name: server.name },
      posture,
      groups: groups.map((id) => ({ id, name: groupNames.get(id) ?? id })),
      security_groups: inGroups.map((id) => ({ id, name: sgNames.get(id) ?? id })),
    };
  }

  /**
   * Every approved endpoint of the organisation (with its user) and the decision it gets for one
   * server now. One waiting for approval reaches nothing, so it is not among who can reach what.
   */
  async reach(actor: Actor, body: z.output<typeof reachBodySchema>): Promise<z.output<typeof reachRowSchema>[]> {
    const tenantId = actor.scope.tenantId;
    const server = await repo.findServer(this.db, tenantId, body.server_id);
    if (!server) throw unprocessable({ server_id: ['No such server in this organisation'] });
    const [policies, securityGroups, endpoints] = await Promise.all([
      repo.listPolicies(this.db, tenantId),
      repo.listSecurityGroups(this.db, tenantId),
      listEndpoints(this.db, tenantId, undefined, { approvedOnly: true }),
    ]);
    const teams = await teamsOfUsers(
      this.db,
      tenantId,
      endpoints.flatMap((e) => (e.user ? [e.user] : [])),
    );
    const at = new Date();
    return endpoints.map((e) => {
      const posture = postureOf(e, this.countries);
      const decision = decideForServer(policies, server, {
        user: e.user,
        endpointId: e.id,
        groups: (e.user && teams.get(e.user)) || [],
        securityGroups: securityGroupsOf(securityGroups, { user: e.user, endpointId: e.id, posture }),
        posture,
        serverId: server.id,
        protocol: body.protocol,
        port: body.port ?? null,
        at,
      });
      return { ...decisionOf(decision), device_id: e.id, device_name: e.name, user: e.user };
    });
  }

  private checkReferences(actor: Actor, p: PolicyInput): Promise<void> {
    return checkReferences(this.db, actor.scope.tenantId, [
      { field: 'sources.groups', kind: 'groups', ids: p.sources.groups },
      { field: 'sources.security_groups', kind: 'securityGroups', ids: p.sources.security_groups },
      { field: 'destinations.servers', kind: 'servers', ids: p.destinations.servers },
    ]);
  }

  /** One change of the ordered list under the tenant's lock, its devices' new revisions in the same transaction. */
  private async save(actor: Actor, message: string, changed: string[], next: (tx: Db, policies: ZtnaPolicy[]) => Promise<ZtnaPolicy[]>): Promise<void> {
    const tenantId = actor.scope.tenantId;
    await uniqueName('policy', () =>
      this.recommit.change(
        actor,
        message,
        async (tx) => {
          const before = await repo.listPolicies(tx, tenantId);
          const after = (await next(tx, before)).map((p, i) => ({ ...p, order: i + 1 }));
          await repo.savePolicies(tx, tenantId, after, new Set(changed));
          return { before, after };
        },
        (r) => ({ changes: [{ kind: 'policies', before: unnumbered(r.before), after: unnumbered(r.after) }] }),
      ),
    );
  }
}
