import { z } from 'zod';

/** Lists answer `{ count, next, previous, results }`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  /** 0 means all rows (spec 001 §7). */
  page_size: z.coerce.number().int().min(0).max(1000).default(25),
});
