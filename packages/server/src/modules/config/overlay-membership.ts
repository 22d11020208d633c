import {
  autoVpnMemberOf,
  meshMemberOf,
  type AutoVpnMember,
  type ConfigDocument,
  type DeviceRender,
  type MeshMember,
  type OverlayMember,
} from '@netloom/domain';
import type { DeviceRenderRow } from './render-repo';
import type { RenderContext } from './renderer';

/**
 * The overlays whose peers the server writes (Auto VPN, Overlay Mesh VPN): when a commit changes
 * who takes part in one, the devices taking part are rendered with the new membership and the
 * overlay's other gateways that it touches get their new peers too. One description per overlay.
 */
interface Overlay<M extends OverlayMember> {
  /** How the revision pushed to the other gateways names the overlay. */
  label: string;
  members(ctx: RenderContext): readonly M[];
  memberOf(row: DeviceRenderRow, doc: ConfigDocument): M | null;
  takesPart(doc: ConfigDocument): boolean;
  withMembers(ctx: RenderContext, members: readonly M[]): RenderContext;
  /** The devices whose peers may differ between the two memberships. */
  touched(before: readonly M[], after: readonly M[]): string[];
}

/** A member as one line, its fields in a fixed order (one comes from SQL, the other from a document). */
const line = (m: OverlayMember & { network_id?: string | null }) =>
  JSON.stringify([m.device_id, m.name, m.role, m.topology, m.subnets, m.address, m.network_id ?? null]);
const ids = (members: readonly { device_id: string }[]) => [...new Set(members.map((m) => m.device_id))];

const AUTO_VPN: Overlay<AutoVpnMember> = {
  label: 'Auto VPN',
  members: (ctx) => ctx.autoVpn,
  memberOf: (row, doc) => autoVpnMemberOf(row.id, row.name, doc, row.publicIp),
  takesPart: (doc) => Boolean(doc.ipsec?.auto_vpn?.enabled),
  withMembers: (ctx, autoVpn) => ({ ...ctx, autoVpn }),
  // The tenant is one overlay: any change may give any member other peers.
  touched: (before, after) => ids([...before, ...after]),
};

const MESH: Overlay<MeshMember> = {
  label: 'Overlay Mesh VPN',
  members: (ctx) => ctx.mesh,
  memberOf: (row, doc) => meshMemberOf(row, doc, row.publicIp),
  takesPart: (doc) => Boolean(doc.overlay_mesh?.enabled),
  withMembers: (ctx, mesh) => ({ ...ctx, mesh }),
  // Each device group is its own mesh: only the groups a changed member left or joined are touched.
  touched: (before, after) => {
    const was = new Map(before.map((m) => [m.device_id, line(m)]));
    const is = new Map(after.map((m) => [m.device_id, line(m)]));
    const all = [...before, ...after];
    const groups = new Set(all.flatMap((m) => (m.network_id && was.get(m.device_id) !== is.get(m.device_id) ? [m.network_id] : [])));
    return ids(all.filter((m) => m.network_id !== null && groups.has(m.network_id)));
  },
};

/** A change of one overlay's membership that a commit makes. */
export interface MembershipChange {
  label: string;
  takesPart(doc: ConfigDocument): boolean;
  apply(ctx: RenderContext): RenderContext;
  /** The devices besides the committed ones whose peers may change. */
  others: string[];
}

type Committed = { row: DeviceRenderRow; render: DeviceRender };

function changeOf<M extends OverlayMember>(overlay: Overlay<M>, ctx: RenderContext, committed: readonly Committed[]): MembershipChange | null {
  const before = overlay.members(ctx);
  const changed = new Set(committed.map((c) => c.row.id));
  const joined = committed.flatMap(({ row, render }) => {
    // A device whose new document does not render keeps its place as its newest revision has it.
    const member = render.ok ? overlay.memberOf(row, render.document) : (before.find((m) => m.device_id === row.id) ?? null);
    return member ? [member] : [];
  });
  const after = [...before.filter((m) => !changed.has(m.device_id)), ...joined];
  const membership = (ms: readonly M[]) => JSON.stringify(ms.map(line).sort());
  if (membership(before) === membership(after)) return null;
  return {
    label: overlay.label,
    takesPart: overlay.takesPart,
    apply: (c) => overlay.withMembers(c, after),
    others: overlay.touched(before, after).filter((id) => !changed.has(id)),
  };
}

/** The overlays whose membership the committed devices change (none: nobody else's peers change). */
export const membershipChanges = (ctx: RenderContext, committed: readonly Committed[]): MembershipChange[] =>
  [changeOf(AUTO_VPN, ctx, committed), changeOf(MESH, ctx, committed)].filter((c): c is MembershipChange => c !== null);
