import type { ConfigDocument } from '@netloom/domain';

/**
 * The models whose crypto engine holds only a few IPsec tunnels at once, and how many: a hub
 * terminates a tunnel per spoke of its group, and a full mesh one per other gateway, so such a box
 * is a spoke or a member of a small mesh only.
 */
const TUNNEL_LIMITS: ReadonlyMap<string, number> = new Map([['NL-Edge 100', 8]]);

/** Why this model cannot run the Overlay Mesh VPN section, as its firmware says it; null: it can. */
export function meshRefusal(model: string, doc: ConfigDocument): string | null {
  const mesh = doc.overlay_mesh;
  const limit = TUNNEL_LIMITS.get(model);
  if (!mesh?.enabled || limit === undefined) return null;
  if (mesh.topology === 'hub-and-spoke' && mesh.role === 'hub')
    return `overlay_mesh: this model (${model}) cannot be a hub: its crypto engine holds at most ${limit} tunnels, make it a spoke`;
  if (mesh.peers.length > limit)
    return `overlay_mesh: this model (${model}) holds at most ${limit} tunnels and its mesh has ${mesh.peers.length} peers: make it a spoke of a hub-and-spoke mesh`;
  return null;
}
