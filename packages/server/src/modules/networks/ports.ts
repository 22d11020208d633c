import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';

/**
 * The configuration engine as device groups need it: a device's group decides which gateways it
 * meshes with (Overlay Mesh VPN), so a move renders the gateways it touches again inside the
 * move's transaction, and the pushes are announced after it.
 */
export interface RegroupPort<O = unknown> {
  regrouped(tx: Db, actor: Actor, moved: { deviceIds: string[]; groupIds: string[] }): Promise<O[]>;
  announce(outcomes: O[]): Promise<void>;
}
