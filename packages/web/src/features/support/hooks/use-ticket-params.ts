import { useSearchParams } from 'react-router';

/**
 * A ticket list's state in the URL (filters, page, `?ticket=` for the one open), so a link or a
 * reload shows the same list. A new filter goes back to the first page; opening a ticket is a
 * history entry of its own (Back closes it), a filter change is not.
 */
export function useTicketParams(): [URLSearchParams, (key: string, value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        if (key !== 'ticket' && key !== 'page') p.delete('page');
        return p;
      },
      { replace: key !== 'ticket' },
    );
  return [params, set];
}
