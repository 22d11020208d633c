import type { NacDecision, nacHostRowSchema } from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { revised, type ZtnaChanges } from './changes';
import { devicesOfKind } from './changes-repo';
import * as repo from './nac-repo';

type NacHostRow = z.infer<typeof nacHostRowSchema>;

const rowOf = (h: repo.NacHostRecord): NacHostRow => ({
  mac: h.mac,
  ip: h.ip,
  hostname: h.hostname,
  vendor: h.vendor,
  os: h.os,
  gateway_id: h.gatewayId,
  gateway_name: h.gatewayName,
  interface: h.interface,
  first_seen: h.firstSeen.toISOString(),
  last_seen: h.lastSeen.toISOString(),
  decision: h.decision,
  state: h.state,
  decided_by: h.decidedBy,
  decided_at: h.decidedAt?.toISOString() ?? null,
});

/**
 * NAC (nac › nac-available-list): the hosts the tenant's gateways see on its networks, and what
 * the tenant decided about them. A decision reaches every gateway of the tenant: their `nac`
 * section lists the hosts blocked or quarantined.
 */
export class NacService {
  constructor(
    private readonly db: Db,
    private readonly changes: ZtnaChanges,
  ) {}

  async list(actor: Actor, q: { search?: string | undefined; decision?: NacDecision | undefined; page: number; page_size: number }) {
    const all = q.page_size === 0;
    const page = await repo.listHosts(this.db, actor.scope.tenantId, {
      search: q.search || null,
      decision: q.decision ?? null,
      offset: all ? 0 : (q.page - 1) * q.page_size,
      limit: all ? null : q.page_size,
    });
    const hasNext = !all && q.page * q.page_size < page.count;
    return {
      count: page.count,
      next: hasNext ? String(q.page + 1) : null,
      previous: !all && q.page > 1 ? String(q.page - 1) : null,
      results: page.rows.map(rowOf),
    };
  }

  /** Every MAC named must be a host of the tenant (else 404 and nothing changes). */
  async decide(actor: Actor, body: { macs: string[]; decision: Exclude<NacDecision, 'pending'> }) {
    const tenantId = actor.scope.tenantId;
    const macs = [...new Set(body.macs)];
    const message = `NAC: ${macs.length === 1 ? macs[0] : `${macs.length} hosts`} ${body.decision === 'allow' ? 'allowed' : body.decision === 'block' ? 'blocked' : 'quarantined'}`;
    const { outcomes } = await this.changes.run(actor, message, async (tx) => {
      const found = await repo.lockHosts(tx, tenantId, macs);
      if (found.length !== macs.length) throw errors.notFound(`No host seen with ${macs.find((m) => !found.includes(m))}.`);
      const before = await repo.decide(tx, tenantId, macs, body.decision, actor.email);
      await audit(tx, actor, 'nac.decided', null, { decision: body.decision, hosts: before });
      const gateways = await devicesOfKind(tx, tenantId, 'gateway');
      return { result: null, deviceIds: gateways.map((g) => g.id) };
    });
    const hosts = await repo.hostsOf(this.db, tenantId, macs);
    return { hosts: hosts.map(rowOf), gateways_updated: revised(outcomes) };
  }
}
