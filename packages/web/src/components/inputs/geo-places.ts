import { GEO_PATHS, placesResponseSchema, type Place } from '@netloom/domain';
import { api } from '@/lib/http/client';

export type { Place };

interface PlaceSearchOptions {
  signal?: AbortSignal;
  /** How many suggestions to ask for; the server allows 1–20. */
  limit?: number;
}

export type PlaceSearch = (query: string, options?: PlaceSearchOptions) => Promise<Place[]>;

const DEFAULT_PLACE_LIMIT = 8;

/** The geo-suggest input's default source: the server's offline location search. */
export const searchPlaces: PlaceSearch = async (query, { signal, limit = DEFAULT_PLACE_LIMIT } = {}) => {
  const answer = await api.get(GEO_PATHS.places, placesResponseSchema, { query: { q: query, limit }, signal });
  return answer.results;
};
