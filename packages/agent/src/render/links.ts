import { vlanIfname, type ConfigDocument } from '@netloom/domain';

/**
 * The alias the agent gives each VLAN link it makes (`ip link set … alias`): the kernel keeps it
 * with the link, so the agent knows its own links from the box's others across restarts, and
 * removes only those.
 */
export const VLAN_ALIAS = 'netloom-agent';

/** A VLAN link the document asks for: its name on the box, its parent LAN, its tag, its address and MTU (its parent's). */
interface VlanLink {
  name: string;
  parent: string;
  id: number;
  cidr: string;
  mtu: number;
}

/** A VLAN link as `ip -json -details link` writes it. */
export interface KernelVlan {
  ifname: string;
  /** The parent's name (absent when the parent is in another namespace). */
  link?: string;
  ifalias?: string;
  linkinfo?: { info_kind?: string; info_data?: { id?: number } };
}

/** The VLANs of a document on the box: a VLAN takes its parent LAN's MTU (it cannot carry more). */
function desiredVlans(doc: ConfigDocument | null): VlanLink[] {
  const ifs = doc?.interfaces;
  if (!ifs) return [];
  return ifs.vlans.map((v) => ({
    name: vlanIfname(v),
    parent: v.parent,
    id: v.vlan_id,
    cidr: `${v.ip}/${v.prefix}`,
    mtu: ifs.lan.find((l) => l.name === v.parent)?.mtu ?? 1500,
  }));
}

/** Every address the document puts on the box, with the MTU of its link: LANs, their VLANs, static WANs. */
function desiredAddresses(doc: ConfigDocument | null): { dev: string; cidr: string; mtu: number }[] {
  const ifs = doc?.interfaces;
  if (!ifs) return [];
  return [
    ...ifs.lan.map((l) => ({ dev: l.name, cidr: `${l.ip}/${l.prefix}`, mtu: l.mtu })),
    ...desiredVlans(doc).map((v) => ({ dev: v.name, cidr: v.cidr, mtu: v.mtu })),
    ...ifs.wan.filter((w) => w.mode === 'static' && w.ip && w.prefix).map((w) => ({ dev: w.name, cidr: `${w.ip}/${w.prefix}`, mtu: w.mtu })),
  ];
}

/**
 * `ip -batch` lines for the addresses: those the previous document had and the next does not are
 * removed (a line may fail: the address or its link may be gone already), then every link of the
 * next is brought up with its MTU and given its address (replace: the same line twice is harmless).
 */
export function addressLines(next: ConfigDocument | null, previous: ConfigDocument | null): { del: string[]; set: string[] } {
  const wanted = desiredAddresses(next);
  const keep = new Set(wanted.map((a) => `${a.dev} ${a.cidr}`));
  return {
    del: desiredAddresses(previous)
      .filter((a) => !keep.has(`${a.dev} ${a.cidr}`))
      .map((a) => `addr del ${a.cidr} dev ${a.dev}`),
    set: wanted.flatMap((a) => [`link set dev ${a.dev} up mtu ${a.mtu}`, `addr replace ${a.cidr} dev ${a.dev}`]),
  };
}

const isVlan = (l: KernelVlan) => l.linkinfo?.info_kind === 'vlan';
/** The agent's own VLAN links among the box's: those with its alias. */
const ourVlans = (links: KernelVlan[]) => links.filter((l) => isVlan(l) && l.ifalias === VLAN_ALIAS);

/**
 * `ip -batch` lines that make the box's VLAN links what the document says: the agent's links the
 * document no longer has (or has on another parent or tag) are deleted; the links it has that the
 * box lacks are made on their parent, marked with the agent's alias. A link of that name the
 * agent did not make is left as it is (the box's own, used as it stands).
 */
export function vlanLines(current: KernelVlan[], doc: ConfigDocument | null): { del: string[]; add: string[] } {
  const wanted = desiredVlans(doc);
  const same = (l: KernelVlan, v: VlanLink) => l.link === v.parent && l.linkinfo?.info_data?.id === v.id;
  const stale = ourVlans(current).filter((l) => !wanted.some((v) => v.name === l.ifname && same(l, v)));
  const gone = new Set(stale.map((l) => l.ifname));
  const present = new Set(current.map((l) => l.ifname).filter((n) => !gone.has(n)));
  return {
    del: stale.map((l) => `link del dev ${l.ifname}`),
    add: wanted
      .filter((v) => !present.has(v.name))
      .flatMap((v) => [`link add link ${v.parent} name ${v.name} type vlan id ${v.id}`, `link set dev ${v.name} alias ${VLAN_ALIAS}`]),
  };
}
