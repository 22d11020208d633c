import {
  DEFAULT_ZTNA_SETTINGS,
  ZTNA_LIMITS,
  takenMatchDomain,
  endpointMembers,
  type DnsGroup,
  type SecurityGroup,
  type SecurityGroupRow,
  type ZtnaSettings,
  type dnsGroupInputSchema,
  type securityGroupInputSchema,
  type securityGroupMembersSchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';
import { dropSecurityGroupFromKeys } from './onboarding-repo';
import { listEndpoints, postureOf } from './endpoints-repo';
import { checkReferences, refuseWhileUsed, uniqueName } from './references';
import type { CountryPort } from './ports';
import { unnumbered, type ZtnaRecommit } from './recommit';

type DnsInput = z.output<typeof dnsGroupInputSchema>;
type SecurityGroupInput = z.output<typeof securityGroupInputSchema>;

/** Places an item at `order` (1 first; the end when left out or beyond it) in a list without it. */
function placed<T extends { id: string }>(list: T[], item: T, order: number | undefined, fallback: number): T[] {
  const next = list.filter((x) => x.id !== item.id);
  next.splice(Math.min(order ?? fallback, next.length + 1) - 1, 0, item);
  return next;
}

/** One domain, one group: read under the tenant's lock with the groups as they are, so two saves cannot both take it. */
function refuseTakenMatchDomain(groups: readonly DnsGroup[], candidate: { id?: string; match_domains: readonly string[] }): void {
  const taken = takenMatchDomain(groups, candidate);
  if (taken)
    throw errors.invalid(
      { match_domains: [`${taken.domain} is already a match domain of the DNS group '${taken.group.name}'`] },
      `${taken.domain} is already a match domain of the DNS group '${taken.group.name}'.`,
    );
}

/** The overlay: DNS for the clients, security groups, and the identity-aware and peer access settings. */
export class OverlayService {
  constructor(
    private readonly db: Db,
    private readonly recommit: ZtnaRecommit,
    private readonly countries: CountryPort,
  ) {}

  // ─── DNS (nameserver groups, in order) ────────────────────────────────────────────────────────

  listDnsGroups(actor: Actor): Promise<DnsGroup[]> {
    return repo.listDnsGroups(this.db, actor.scope.tenantId);
  }

  async getDnsGroup(actor: Actor, id: string): Promise<DnsGroup> {
    const g = (await this.listDnsGroups(actor)).find((x) => x.id === id);
    if (!g) throw errors.notFound();
    return g;
  }

  async createDnsGroup(actor: Actor, input: DnsInput): Promise<DnsGroup> {
    await this.checkDnsReferences(actor, input);
    const id = crypto.randomUUID();
    await this.saveDns(actor, `DNS group '${input.name}' added`, id, async (tx, groups) => {
      if (groups.length >= ZTNA_LIMITS.dnsGroups) throw errors.invalid({ non_field_errors: [`At most ${ZTNA_LIMITS.dnsGroups} DNS groups`] });
      refuseTakenMatchDomain(groups, { match_domains: input.match_domains });
      const { order, ...fields } = input;
      await audit(tx, actor, 'ztna.dns_group_created', id, { name: input.name });
      return placed(groups, { ...fields, id, order: 0 }, order, groups.length + 1);
    });
    return this.getDnsGroup(actor, id);
  }

  async updateDnsGroup(actor: Actor, id: string, input: DnsInput): Promise<DnsGroup> {
    await this.checkDnsReferences(actor, input);
    await this.saveDns(actor, `DNS group '${input.name}' changed`, id, async (tx, groups) => {
      const i = groups.findIndex((g) => g.id === id);
      if (i < 0) throw errors.notFound();
      refuseTakenMatchDomain(groups, { id, match_domains: input.match_domains });
      const { order, ...fields } = input;
      await audit(tx, actor, 'ztna.dns_group_changed', id, { before: groups[i], after: input });
      return placed(groups, { ...fields, id, order: 0 }, order, i + 1);
    });
    return this.getDnsGroup(actor, id);
  }

  async deleteDnsGroup(actor: Actor, id: string): Promise<void> {
    await this.saveDns(actor, 'DNS group deleted', id, async (tx, groups) => {
      const gone = groups.find((g) => g.id === id);
      if (!gone) throw errors.notFound();
      await audit(tx, actor, 'ztna.dns_group_deleted', id, { name: gone.name });
      return groups.filter((g) => g.id !== id);
    });
  }

  private async saveDns(actor: Actor, message: string, changed: string, next: (tx: Db, groups: DnsGroup[]) => Promise<DnsGroup[]>): Promise<void> {
    const tenantId = actor.scope.tenantId;
    await uniqueName('DNS group', () =>
      this.recommit.change(
        actor,
        message,
        async (tx) => {
          const before = await repo.listDnsGroups(tx, tenantId);
          const after = (await next(tx, before)).map((g, i) => ({ ...g, order: i + 1 }));
          await repo.saveDnsGroups(tx, tenantId, after, new Set([changed]));
          return { before, after };
        },
        (r) => ({ changes: [{ kind: 'dns_groups', before: unnumbered(r.before), after: unnumbered(r.after) }] }),
      ),
    );
  }

  private checkDnsReferences(actor: Actor, g: DnsInput): Promise<void> {
    return checkReferences(this.db, actor.scope.tenantId, [
      { field: 'groups', kind: 'groups', ids: g.groups },
      { field: 'security_groups', kind: 'securityGroups', ids: g.security_groups },
    ]);
  }

  // ─── security groups ──────────────────────────────────────────────────────────────────────────

  listSecurityGroups(actor: Actor): Promise<SecurityGroup[]> {
    return repo.listSecurityGroups(this.db, actor.scope.tenantId);
  }

  /** The groups as their list shows them: each with how many endpoints are in it now, counted as `members` lists them. */
  async securityGroupRows(actor: Actor): Promise<SecurityGroupRow[]> {
    const [groups, endpoints] = await Promise.all([this.listSecurityGroups(actor), this.memberCandidates(actor)]);
    return groups.map((g) => ({ ...g, endpoint_count: endpointMembers(g, endpoints).length }));
  }

  async getSecurityGroup(actor: Actor, id: string): Promise<SecurityGroup> {
    const g = await repo.findSecurityGroup(this.db, actor.scope.tenantId, id);
    if (!g) throw errors.notFound();
    return g;
  }

  async createSecurityGroup(actor: Actor, input: SecurityGroupInput): Promise<SecurityGroup> {
    const tenantId = actor.scope.tenantId;
    await checkReferences(this.db, tenantId, [{ field: 'endpoints', kind: 'endpoints', ids: input.endpoints }]);
    const group: SecurityGroup = { ...input, id: crypto.randomUUID() };
    await uniqueName('security group', () =>
      this.recommit.change(
        actor,
        `Security group '${input.name}' added`,
        async (tx) => {
          if ((await repo.listSecurityGroups(tx, tenantId)).length >= ZTNA_LIMITS.securityGroups)
            throw errors.invalid({ non_field_errors: [`At most ${ZTNA_LIMITS.securityGroups} security groups`] });
          await repo.insertSecurityGroup(tx, tenantId, group);
          await audit(tx, actor, 'ztna.security_group_created', group.id, { name: group.name });
        },
        () => ({ changes: [{ kind: 'security_group', before: null, after: group }] }),
      ),
    );
    return group;
  }

  async updateSecurityGroup(actor: Actor, id: string, input: SecurityGroupInput): Promise<SecurityGroup> {
    const tenantId = actor.scope.tenantId;
    await checkReferences(this.db, tenantId, [{ field: 'endpoints', kind: 'endpoints', ids: input.endpoints }]);
    const group: SecurityGroup = { ...input, id };
    await uniqueName('security group', () =>
      this.recommit.change(
        actor,
        `Security group '${input.name}' changed`,
        async (tx) => {
          const before = await repo.findSecurityGroup(tx, tenantId, id);
          if (!before) throw errors.notFound();
          await repo.updateSecurityGroup(tx, tenantId, group);
          await audit(tx, actor, 'ztna.security_group_changed', id, { before, after: group });
          return before;
        },
        (before) => ({ changes: [{ kind: 'security_group', before, after: group }] }),
      ),
    );
    return group;
  }

  /**
   * A group a policy or a DNS group names stays (without it they would mean someone else). Keys
   * stop adding clients to it and the overlay access pairs naming it go; rollouts for it go with it.
   */
  async deleteSecurityGroup(actor: Actor, id: string): Promise<void> {
    const tenantId = actor.scope.tenantId;
    await this.recommit.change(
      actor,
      'Security group deleted',
      async (tx, settings) => {
        const gone = await repo.findSecurityGroup(tx, tenantId, id);
        if (!gone) throw errors.notFound();
        const [policies, dns] = await Promise.all([repo.listPolicies(tx, tenantId), repo.listDnsGroups(tx, tenantId)]);
        refuseWhileUsed('security group', [
          ...policies.filter((p) => p.sources.security_groups.includes(id)).map((p) => ({ kind: 'policy', name: p.name })),
          ...dns.filter((g) => g.security_groups.includes(id)).map((g) => ({ kind: 'DNS group', name: g.name })),
        ]);
        const pairs = settings.overlay_access.allowed_pairs.filter((p) => p.from !== id && p.to !== id);
        if (pairs.length !== settings.overlay_access.allowed_pairs.length)
          await repo.saveSettings(tx, tenantId, { ...settings, overlay_access: { ...settings.overlay_access, allowed_pairs: pairs } });
        await dropSecurityGroupFromKeys(tx, tenantId, id);
        await repo.deleteSecurityGroup(tx, tenantId, id);
        await audit(tx, actor, 'ztna.security_group_deleted', id, { name: gone.name });
        return { gone, pairsChanged: pairs.length !== settings.overlay_access.allowed_pairs.length };
      },
      (r) => ({
        changes: [{ kind: 'security_group', before: r.gone, after: null }, ...(r.pairsChanged ? [{ kind: 'settings' as const }] : [])],
      }),
    );
  }

  /** Who is in the group now: its static users, and each endpoint with why (listed, its user listed, or the rule). */
  async members(actor: Actor, id: string): Promise<z.output<typeof securityGroupMembersSchema>> {
    const [group, endpoints] = await Promise.all([this.getSecurityGroup(actor, id), this.memberCandidates(actor)]);
    return {
      users: group.kind === 'endpoints' ? [] : group.users,
      endpoints: endpointMembers(group, endpoints).map(({ endpoint: e, by }) => ({ id: e.id, name: e.name, user: e.user, by })),
    };
  }

  /** The tenant's endpoints with the posture membership reads (its system, country and approval). */
  private async memberCandidates(actor: Actor) {
    const endpoints = await listEndpoints(this.db, actor.scope.tenantId);
    return endpoints.map((e) => ({ id: e.id, name: e.name, user: e.user, posture: postureOf(e, this.countries) }));
  }

  // ─── settings (identity-aware overlay, overlay access) ────────────────────────────────────────

  async settings(actor: Actor): Promise<ZtnaSettings> {
    return (await repo.findSettings(this.db, actor.scope.tenantId)) ?? DEFAULT_ZTNA_SETTINGS;
  }

  async saveSettings(actor: Actor, body: ZtnaSettings): Promise<ZtnaSettings> {
    const tenantId = actor.scope.tenantId;
    await checkReferences(
      this.db,
      tenantId,
      body.overlay_access.allowed_pairs.flatMap((p, i) => [
        { field: `overlay_access.allowed_pairs.${i}.from`, kind: 'securityGroups' as const, ids: [p.from], single: true },
        { field: `overlay_access.allowed_pairs.${i}.to`, kind: 'securityGroups' as const, ids: [p.to], single: true },
      ]),
    );
    await this.recommit.change(
      actor,
      'Zero-trust settings changed',
      async (tx, before) => {
        await repo.saveSettings(tx, tenantId, body);
        await audit(tx, actor, 'ztna.settings_changed', null, { before, after: body });
      },
      () => ({ changes: [{ kind: 'settings' }] }),
    );
    return body;
  }
}
