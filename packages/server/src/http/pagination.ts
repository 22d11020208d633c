import type { FastifyRequest } from 'fastify';

/** Page window for `page`/`page_size` (0 = all rows). */
export function pageWindow(q: { page: number; page_size: number }): { offset: number; limit: number | null } {
  if (q.page_size === 0) return { offset: 0, limit: null };
  return { offset: (q.page - 1) * q.page_size, limit: q.page_size };
}

/**
 * Builds `{ count, next, previous, results }` with absolute links, as the spec's lists have. The
 * links start with PUBLIC_URL: the Host header is the client's to choose, and a link built from it
 * points wherever the sender of the request wants.
 */
export function paginate<T>(request: FastifyRequest, q: { page: number; page_size: number }, total: number, results: T[]) {
  // Only the query is parsed again: a whole URL parse per link was ~4 % of a device-list call.
  const [path, query = ''] = request.url.split('?', 2) as [string, string?];
  const link = (page: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(page));
    return `${request.server.services.config.publicUrl}${path}?${params}`;
  };
  const hasNext = q.page_size > 0 && q.page * q.page_size < total;
  const hasPrevious = q.page_size > 0 && q.page > 1;
  return { count: total, next: hasNext ? link(q.page + 1) : null, previous: hasPrevious ? link(q.page - 1) : null, results };
}
