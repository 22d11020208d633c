import type { ConfigDocument } from '@netloom/domain';
import { must } from './exec';
import { ipBatch, ipBatchForgiving, kernelRuleKey, kernelRuleSpec, listLinks, listRoutes, listRules, ourRules, staleRoutes, staleRules } from './kernel';
import type { Dnsmasq } from './dnsmasq';
import { desiredRoutes, desiredRules, routeLine, ruleKey, ruleLine } from '../render/routes';
import { nftRuleset } from '../render/nftables';
import { addressLines, vlanLines } from '../render/links';
import type { Capabilities } from './capabilities';
import type { Frr } from './frr';
import type { DhcpWans } from './dhcp-wan';
import type { Strongswan } from './strongswan';
import type { Clock } from './clock';

/**
 * Applies a document to the kernel and the services the agent owns, step by step in the order a
 * box needs them (addresses before the routes through them), and takes the box back to the
 * document it ran before when a step fails. Every step reconciles: it writes what the document
 * wants and removes what the agent wrote that it no longer wants, so applying the same document
 * twice is harmless and applying the previous one is the way back.
 */
export class Applier {
  constructor(
    private readonly caps: Capabilities,
    readonly dnsmasq: Dnsmasq,
    readonly frr: Frr,
    private readonly dhcpWans: DhcpWans,
    readonly strongswan: Strongswan,
    readonly clock: Clock,
  ) {}

  /** Null when the box runs `next`; else what failed, once `previous` runs again. */
  async apply(next: ConfigDocument | null, previous: ConfigDocument | null): Promise<string | null> {
    try {
      await this.reconcile(next, previous);
      return null;
    } catch (err) {
      const reason = (err as Error).message;
      try {
        await this.reconcile(previous, next);
        return `${reason}; the previous configuration was restored`;
      } catch (again) {
        return `${reason}; restoring the previous configuration failed too: ${(again as Error).message}`;
      }
    }
  }

  private async reconcile(next: ConfigDocument | null, previous: ConfigDocument | null): Promise<void> {
    // A lease given back takes its subnet's other addresses with it (the kernel drops a primary's secondaries): DHCP first, then the static addresses.
    if (this.caps.dhclient) await this.dhcpWans.run(next, previous);
    // VLAN links before the addresses on them (on a kernel without 8021q the document has none: support.ts refused it).
    if (this.caps.vlan) await this.vlans(next);
    await this.addresses(next, previous);
    await this.routes(next);
    await this.rules(next);
    if (this.caps.bgpd) await this.frr.apply(next?.bgp, previous?.bgp);
    // Charon's own routes (table 220) follow its SAs; the agent's own routes are already in.
    if (this.caps.charon) await this.strongswan.apply(next);
    // Without nftables the document has no firewall (support.ts refused it): there is nothing of the agent's to remove either.
    if (this.caps.nftables) await must('nft', ['-f', '-'], nftRuleset(next));
    await this.dnsmasq.run(next);
    await this.clock.apply(next?.services?.ntp);
  }

  /** The agent's VLAN links: those gone from the document deleted, those the box lacks (a new VLAN, one deleted by hand) made. */
  private async vlans(next: ConfigDocument | null): Promise<void> {
    const lines = vlanLines(await listLinks(), next);
    await ipBatchForgiving(lines.del);
    await ipBatch(lines.add);
  }

  private async addresses(next: ConfigDocument | null, previous: ConfigDocument | null): Promise<void> {
    const lines = addressLines(next, previous);
    await ipBatchForgiving(lines.del);
    await ipBatch(lines.set);
  }

  private async routes(next: ConfigDocument | null): Promise<void> {
    const desired = desiredRoutes(next);
    await ipBatchForgiving(staleRoutes(await listRoutes(), desired).map((r) => routeLine(r, 'del')));
    await ipBatch(desired.map((r) => routeLine(r, 'replace')));
  }

  private async rules(next: ConfigDocument | null): Promise<void> {
    const desired = desiredRules(next);
    const current = await listRules();
    const have = new Set(ourRules(current).map(kernelRuleKey));
    await ipBatchForgiving(staleRules(current, desired).map((r) => ruleLine(kernelRuleSpec(r), 'del')));
    // A rule already there stays: the same rule added twice would be in the kernel twice.
    await ipBatch(desired.filter((r) => !have.has(ruleKey(r))).map((r) => ruleLine(r, 'add')));
  }
}
