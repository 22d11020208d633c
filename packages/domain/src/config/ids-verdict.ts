import { ipv4ToNumber, isIPv4 } from '../validators/ipv4';
import { contains, subnetOfCidr } from './subnets';
import type { IdsIpsSection } from './families/ids-ips';
import type { IdsCategory } from './families/ids-ips-catalogue';

/** A match of a signature on a packet, before the configuration says what becomes of it. */
export interface IdsMatch {
  sid: number;
  category: IdsCategory;
  src: string;
  dst: string;
}

/** What became of a match: nothing (silenced or the engine is off), reported, or reported and dropped. */
export type IdsOutcome = 'none' | 'alerted' | 'dropped';

/** An exception's address or network holds the address. */
const covers = (where: string, address: string) => (isIPv4(where) ? ipv4ToNumber(where) === ipv4ToNumber(address) : contains(subnetOfCidr(where), address));

/**
 * What a signature's match becomes under an IDS/IPS section, in the order the engine decides:
 * an exception for the signature and either end silences it; a disabled category is not loaded;
 * a drop drops only in prevent mode (detect mode reports what it would have dropped); any other
 * match is reported.
 */
export function idsOutcome(section: Pick<IdsIpsSection, 'mode' | 'categories' | 'exceptions'> | undefined, match: IdsMatch): IdsOutcome {
  if (!section || section.mode === 'off') return 'none';
  if (section.exceptions.some((e) => e.sid === match.sid && (covers(e.address, match.src) || covers(e.address, match.dst)))) return 'none';
  const action = section.categories[match.category];
  if (action === 'disable') return 'none';
  return action === 'drop' && section.mode === 'prevent' ? 'dropped' : 'alerted';
}
