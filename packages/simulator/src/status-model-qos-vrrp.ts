import { effectivePriority, electVrrpMaster, type ConfigDocument, type QosSection, type StatusSnapshot, type VrrpCandidate } from '@netloom/domain';
import { lanAddress, type FleetGateway } from './fleet-view';
import { network } from './router-model';

type Snapshot<K extends StatusSnapshot['kind']> = Extract<StatusSnapshot, { kind: K }>;

/** Bytes of the gateway's traffic that go through the shaper: the busy seconds since QoS was applied at a share of its peak rate. */
const SHAPED_SHARE = 0.5;
const PACKET_BYTES = 900;

/**
 * Per-class counters since the QoS section was applied. Traffic goes to the classes in proportion
 * to their guarantee (at least 5 %) and to the rules that fill them; the shaper drops a little more
 * of the later-served classes, and nothing while no interface is shaped.
 */
export function qosSnapshot(qos: QosSection | undefined, busySinceApplied: number, peakBps: number): Snapshot<'qos'> {
  if (!qos) return { kind: 'qos', entries: [] };
  const shaping = qos.interfaces.some((i) => i.enabled);
  const weight = (name: string, guaranteed: number) => Math.max(5, guaranteed) * (1 + qos.rules.filter((r) => r.enabled && r.class === name).length);
  const total = qos.classes.reduce((sum, c) => sum + weight(c.name, c.guaranteed_pct), 0) || 1;
  return {
    kind: 'qos',
    entries: qos.classes.map((c) => {
      const bytes = Math.floor(Math.max(0, busySinceApplied) * peakBps * SHAPED_SHARE * (weight(c.name, c.guaranteed_pct) / total));
      const packets = Math.floor(bytes / PACKET_BYTES);
      return {
        class: c.name,
        priority: c.priority,
        guaranteed_pct: c.guaranteed_pct,
        maximum_pct: c.maximum_pct,
        packets,
        bytes,
        drops: shaping ? Math.floor(packets * 0.0004 * c.priority) : 0,
      };
    }),
  };
}

/** What this gateway is in the VRRP election. */
export interface VrrpSelf {
  serial: string;
  doc: ConfigDocument;
  interfaceUp(ifname: string): boolean;
}

/**
 * Each VRRP group as the gateway sees it: the gateways of the fleet that are on and have a group
 * of that id on the same subnet elect one master (electVrrpMaster); `masters` remembers the last
 * master of each group (keyed '<subnet>/<vrid>') so a sitting master is kept as pre-emption says.
 */
export function vrrpSnapshot(self: VrrpSelf, fleet: readonly FleetGateway[], masters: Map<string, string>): Snapshot<'vrrp'> {
  const groups = self.doc.vrrp?.groups ?? [];
  const candidate = (g: Pick<FleetGateway, 'serial' | 'doc' | 'interfaceUp'>, subnet: string, vrid: number): VrrpCandidate | null => {
    for (const group of g.doc.vrrp?.groups ?? []) {
      const own = lanAddress(g.doc, group.interface);
      if (!group.enabled || group.vrid !== vrid || !own || network(own.ip, own.prefix) !== subnet) continue;
      const tracked = group.track.map((t) => ({ down: !g.interfaceUp(t.interface), decrement: t.decrement }));
      return { id: g.serial, address: own.ip, priority: effectivePriority(group.priority, tracked), preempt: group.preempt };
    }
    return null;
  };
  return {
    kind: 'vrrp',
    entries: groups.map((g) => {
      const own = lanAddress(self.doc, g.interface);
      const base = { interface: g.interface, vrid: g.vrid, virtual_ip: g.virtual_ip };
      if (!g.enabled || !own) return { ...base, state: 'disabled' as const, priority: g.priority, master: null };
      const subnet = network(own.ip, own.prefix);
      const me = candidate(self, subnet, g.vrid)!;
      const others = fleet.filter((p) => p.serial !== self.serial && p.online).flatMap((p) => candidate(p, subnet, g.vrid) ?? []);
      const all = [me, ...others];
      const key = `${subnet}/${g.vrid}`;
      // The sitting master is the partner that says it is one (its adverts), else the one this gateway saw last.
      const claimed = fleet.find((p) => p.serial !== self.serial && p.online && p.vrrpMaster?.(key) === p.serial)?.serial;
      const master = electVrrpMaster(all, claimed ?? masters.get(key) ?? null)!;
      masters.set(key, master);
      return {
        ...base,
        state: master === self.serial ? ('master' as const) : ('backup' as const),
        priority: me.priority,
        master: all.find((c) => c.id === master)!.address,
      };
    }),
  };
}
