import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricWithAttribution } from 'web-vitals/attribution';
import type { RumEvent, VitalAttribution } from './types.ts';
import { clip, ms } from './util.ts';

type VitalEvent = Extract<RumEvent, { t: 'vital' }>;

/** The phases web-vitals measures, rounded, without the ones it could not measure. */
function phases(values: Record<string, number | undefined>): Record<string, number> | undefined {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(values)) if (typeof value === 'number' && Number.isFinite(value)) out[key] = ms(value);
  return Object.keys(out).length ? out : undefined;
}

/** What caused a vital, in the beacon's terms: the element, the resource, the interaction and the phases of its time. */
function attributionOf(metric: MetricWithAttribution): VitalAttribution {
  switch (metric.name) {
    case 'LCP': {
      const a = metric.attribution;
      return {
        target: a.target && clip(a.target, 500),
        url: a.url && clip(a.url, 500),
        phases: phases({
          ttfb: a.timeToFirstByte,
          resourceLoadDelay: a.resourceLoadDelay,
          resourceLoadDuration: a.resourceLoadDuration,
          elementRenderDelay: a.elementRenderDelay,
        }),
      };
    }
    case 'INP': {
      const a = metric.attribution;
      return {
        target: a.interactionTarget && clip(a.interactionTarget, 500),
        interaction_type: a.interactionType,
        load_state: a.loadState,
        phases: phases({ inputDelay: a.inputDelay, processingDuration: a.processingDuration, presentationDelay: a.presentationDelay }),
      };
    }
    case 'CLS': {
      const a = metric.attribution;
      return { target: a.largestShiftTarget && clip(a.largestShiftTarget, 500), load_state: a.loadState };
    }
    case 'FCP': {
      const a = metric.attribution;
      return { load_state: a.loadState, phases: phases({ ttfb: a.timeToFirstByte, firstByteToFCP: a.firstByteToFCP }) };
    }
    case 'TTFB': {
      const a = metric.attribution;
      return {
        phases: phases({
          waitingDuration: a.waitingDuration,
          cacheDuration: a.cacheDuration,
          dnsDuration: a.dnsDuration,
          connectionDuration: a.connectionDuration,
          requestDuration: a.requestDuration,
        }),
      };
    }
  }
}

export function toVitalEvent(metric: MetricWithAttribution): VitalEvent {
  return {
    t: 'vital',
    at: Date.now(),
    name: metric.name,
    // CLS is a unitless score (four decimals tell it); the others are milliseconds.
    value: metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : ms(metric.value),
    rating: metric.rating,
    attribution: attributionOf(metric),
  };
}

/** Reports each Core Web Vital once, final (reportAllChanges: false), with its attribution. */
export function observeVitals(report: (event: VitalEvent) => void): void {
  const opts = { reportAllChanges: false };
  const handle = (metric: MetricWithAttribution) => report(toVitalEvent(metric));
  onLCP(handle, opts);
  onINP(handle, opts);
  onCLS(handle, opts);
  onFCP(handle, opts);
  onTTFB(handle, opts);
}
