import type { Place } from './places';
import { pick, type Random } from './prng';

/**
 * Where the simulated people connect from: for each country of PLACES, its ISO 3166-1 code and
 * /16 blocks of its large access providers (cable, DSL, fibre, mobile), as the registries
 * allocated them. An endpoint's public address is one of its city's country's, so a GeoIP lookup
 * places it there and a policy's or security group's country condition can match; documentation
 * ranges (DOC_RANGES), which gateways keep, have no country. These belong to real providers: the
 * simulator only reports them, it never sends them a packet.
 */
export const ACCESS_BLOCKS: Readonly<Record<string, { code: string; blocks: readonly string[] }>> = {
  India: { code: 'IN', blocks: ['49.204', '117.200', '122.161'] },
  Singapore: { code: 'SG', blocks: ['116.86'] },
  Japan: { code: 'JP', blocks: ['126.10'] },
  'South Korea': { code: 'KR', blocks: ['175.193'] },
  Indonesia: { code: 'ID', blocks: ['36.70'] },
  'United Arab Emirates': { code: 'AE', blocks: ['94.200'] },
  'United Kingdom': { code: 'GB', blocks: ['86.130'] },
  France: { code: 'FR', blocks: ['90.10', '82.65', '88.160'] },
  Germany: { code: 'DE', blocks: ['79.200', '2.200'] },
  Netherlands: { code: 'NL', blocks: ['77.160'] },
  Spain: { code: 'ES', blocks: ['83.40'] },
  Sweden: { code: 'SE', blocks: ['90.230'] },
  Poland: { code: 'PL', blocks: ['83.10', '89.64'] },
  Italy: { code: 'IT', blocks: ['79.10', '151.20'] },
  'United States': { code: 'US', blocks: ['73.10', '24.10', '98.10'] },
  Canada: { code: 'CA', blocks: ['99.230'] },
  Mexico: { code: 'MX', blocks: ['189.130', '187.130'] },
  Brazil: { code: 'BR', blocks: ['179.100', '189.40', '187.10'] },
  Argentina: { code: 'AR', blocks: ['186.130', '152.168'] },
  Colombia: { code: 'CO', blocks: ['181.130', '181.60'] },
  Nigeria: { code: 'NG', blocks: ['105.112', '102.88'] },
  Kenya: { code: 'KE', blocks: ['105.160'] },
  'South Africa': { code: 'ZA', blocks: ['41.10'] },
  Egypt: { code: 'EG', blocks: ['41.40', '156.200'] },
  Morocco: { code: 'MA', blocks: ['105.130', '196.64'] },
  Australia: { code: 'AU', blocks: ['1.130', '110.140'] },
  'New Zealand': { code: 'NZ', blocks: ['125.237', '122.56'] },
};

/** Hosts of a /16 without the .0 and .255 of each /24: 256 × 254. */
const HOSTS = 256 * 254;

/** A public address of the place's country, in two draws (the two the documentation address took, so a seed keeps the rest of its fleet). */
export function accessAddress(random: Random, place: Place): string {
  const country = ACCESS_BLOCKS[place.country];
  if (!country) throw new Error(`no access blocks for ${place.country}`);
  const block = pick(random, country.blocks);
  const host = Math.floor(random() * HOSTS);
  return `${block}.${Math.floor(host / 254)}.${(host % 254) + 1}`;
}
