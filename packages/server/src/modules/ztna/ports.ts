import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';

/**
 * What zero trust needs of other modules, wired in the composition root.
 */

/** The country of a public address (GeoIP: the traffic module's lookup); null for private and unlisted ones. */
export interface CountryPort {
  country(ip: string): string | null;
}

let shared: CountryPort = { country: () => null };
/**
 * The lookup the composition root hands the services, also for callers that only have a database
 * (the configuration engine loading a tenant's zero trust): set once, when the app is built.
 */
export function useCountryLookup(lookup: CountryPort): void {
  shared = lookup;
}
export const sharedCountries = (): CountryPort => shared;

/** The configuration engine: render the tenant's devices again inside a change's transaction, announce the pushes after it. */
export interface DeviceConfigPort<O = unknown> {
  recommit(tx: Db, actor: Actor, opts: { deviceIds?: string[]; message: string; source: 'ztna' }): Promise<O[]>;
  announce(outcomes: O[]): Promise<void>;
}

/** The device inventory's own approval and removal, so a bulk decision gives exactly what one approval gives. */
export interface DeviceInventoryPort {
  /** Approves a pending device and hands it its credential; refuses an approved one (409) or an unknown one (404). */
  approve(actor: Actor, id: string): Promise<unknown>;
  /** Takes a device out of the inventory (unclaimed), as the device list's Remove does. */
  unclaim(actor: Actor, id: string): Promise<unknown>;
}
