import { createRequire } from 'node:module';
import maxmind from 'maxmind';
import { isNonPublicIPv4 } from '@netloom/domain';

/**
 * The country of an address, from the registries' allocation data (RIR delegations and WHOIS,
 * CC0), shipped as an npm package in MaxMind's format: no download at run time, and a new list
 * comes with a dependency update.
 */
const DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country-ipv4.mmdb';

export interface CountryLookup {
  /** ISO 3166-1 alpha-2, or null for private and unlisted addresses. */
  country(ip: string): string | null;
}

export async function openCountryLookup(): Promise<CountryLookup> {
  const file = createRequire(import.meta.url).resolve(DATABASE);
  // Its own LRU cache: a site's clients ask about the same few hundred addresses all day.
  const reader = await maxmind.open(file, { cache: { max: 20_000 } });
  return {
    country(ip) {
      if (isNonPublicIPv4(ip)) return null;
      // This database's records hold the code alone, not MaxMind's nested country object.
      return (reader.get(ip) as { country_code?: string } | null)?.country_code ?? null;
    },
  };
}
