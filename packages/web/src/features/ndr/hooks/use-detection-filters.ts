import { useSearchParams } from 'react-router';
import { MITRE_TACTIC_IDS, NDR_SEVERITIES, NDR_TRIAGE_STATUSES, isIPv4 } from '@netloom/domain';
import type { NdrDetectionsQuery } from '@/features/ndr/api/get-ndr-detections';
import { ndrWindowOf } from './ndr-windows';

export const DETECTION_PAGE_SIZES = ['10', '25', '50', '100'];
const DEFAULT_SIZE = 25;

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined => ((list as readonly string[]).includes(v ?? '') ? (v as T) : undefined);
const RULE_ID = /^[a-z]+\.[a-z][a-z0-9_]{0,47}$/;

/**
 * The detection list's filters and page, in the URL (a link from the overview or a reload shows
 * the same rows). Values the server would refuse are left out rather than sent.
 */
export function useDetectionFilters() {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('size'));
  const ruleId = params.get('rule_id');
  const host = params.get('host');
  const query: NdrDetectionsQuery = {
    window: ndrWindowOf(params.get('window')),
    severity: oneOf(NDR_SEVERITIES, params.get('severity')),
    status: oneOf(NDR_TRIAGE_STATUSES, params.get('status')),
    tactic: oneOf(MITRE_TACTIC_IDS, params.get('tactic')),
    rule_id: ruleId && RULE_ID.test(ruleId) ? ruleId : undefined,
    host: host && isIPv4(host) ? host : undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    page_size: DETECTION_PAGE_SIZES.includes(String(size)) ? size : DEFAULT_SIZE,
  };
  for (const k of Object.keys(query) as (keyof NdrDetectionsQuery)[]) if (query[k] === undefined) delete query[k];
  /** null removes a filter; any change but the page itself starts again from page 1. */
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
  return { query, hostText: host ?? '', update };
}
