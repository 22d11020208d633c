import { z } from 'zod';
import { storableText } from '../validators/storable-text';

export const GEO_PATHS = { places: 'geo/places/' } as const;

export const placesQuerySchema = z.object({
  q: storableText().trim().min(2, 'Type at least 2 characters').max(100),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

/** A place the geo-suggest input can store: it needs a formatted address and a geometry. */
export const placeSchema = z.object({
  name: z.string(),
  formatted_address: z.string(),
  country: z.string(),
  geometry: z.object({ lat: z.number(), lng: z.number() }),
});
export type Place = z.infer<typeof placeSchema>;

export const placesResponseSchema = z.object({ results: z.array(placeSchema) });
