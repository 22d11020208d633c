import { useSearchParams } from 'react-router';
import { NAC_DECISIONS, type NacDecision } from '@netloom/domain';
import type { NacHostQuery } from '@/features/nac/api/get-nac-hosts';

export const NAC_PAGE_SIZES = ['10', '25', '50', '100'];
const DEFAULT_SIZE = 25;

/** What the hosts table shows, from the URL (a reload or a shared link shows the same rows), and a way to change it. */
export function useNacView() {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('size'));
  const decision = params.get('decision');
  const view: NacHostQuery = {
    search: params.get('q') ?? '',
    decision: NAC_DECISIONS.includes(decision as NacDecision) ? (decision as NacDecision) : null,
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: NAC_PAGE_SIZES.includes(String(size)) ? size : DEFAULT_SIZE,
  };
  /** null removes a key; any change but the page itself starts again from page 1 (other rows). */
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch))
          if (v) next.set(k, v);
          else next.delete(k);
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { view, update };
}
