import { vitalUnit, type VitalName, type VitalRating } from '@netloom/domain';

export const RATING_COLOR: Record<VitalRating, string> = { good: 'green', 'needs-improvement': 'yellow', poor: 'red' };
export const RATING_LABEL: Record<VitalRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

/** A vital's value as people read it: CLS as a score, times in ms under a second and in seconds above. */
export function formatVital(name: VitalName, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (vitalUnit(name) === 'score')
    return (
      value
        .toFixed(value < 1 ? 3 : 2)
        .replace(/0+$/, '')
        .replace(/\.$/, '') || '0'
    );
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

export const percent = (share: number | null | undefined): string => (share === null || share === undefined ? '—' : `${(share * 100).toFixed(1)}%`);

export const VITAL_TITLES: Record<VitalName, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};
