import { useSearchParams } from 'react-router';
import { INVENTORY_PAGE_SIZES } from './inventory-pager';

const DEFAULT_SIZE = 25;

/** The enrolled inventory's search and page, kept in the URL (`q`, `page`, `size`) so a link shows the same view. */
export function useInventoryView() {
  const [params, setParams] = useSearchParams();
  const size = INVENTORY_PAGE_SIZES.includes(params.get('size') ?? '') ? Number(params.get('size')) : DEFAULT_SIZE;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const update = (patch: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  return {
    search,
    page,
    size,
    // A new search or page size starts again at the first page.
    setSearch: (q: string) => update({ q, page: null }),
    setPage: (p: number) => update({ page: p === 1 ? null : String(p) }),
    setSize: (s: number) => update({ size: s === DEFAULT_SIZE ? null : String(s), page: null }),
  };
}
