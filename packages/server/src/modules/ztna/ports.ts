import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';

/**
 * What zero trust needs of other modules, wired in the composition root.
 */

/** The country of a public address (GeoIP: the traffic module's lookup); null for private and unlisted ones. */
export interface CountryPort {
  country(ip: string): string | null;
}

/** The configuration engine: render the tenant's devices again inside a change's transaction, announce the pushes after it. */
export interface DeviceConfigPort<O = unknown> {
  recommit(tx: Db, actor: Actor, opts: { deviceIds?: string[]; message: string; source: string }): Promise<O[]>;
  announce(outcomes: O[]): Promise<void>;
}

/** The device inventory's own approval and rejection, so a bulk decision gives exactly what one approval gives. */
export interface DeviceInventoryPort {
  /** Approves a pending device and hands it its credential; refuses an approved one (409) or an unknown one (404). */
  approve(actor: Actor, id: string): Promise<unknown>;
  /** Takes a device out of the inventory and keeps it out (refused at its hellos) until readmitted. */
  reject(actor: Actor, id: string): Promise<unknown>;
  /** Lets a rejected device in again, approved; an unknown (or not rejected) one is 404. */
  readmit(actor: Actor, id: string): Promise<unknown>;
}
