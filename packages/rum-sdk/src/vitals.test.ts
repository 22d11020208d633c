import { describe, expect, it } from 'vitest';
import type { MetricWithAttribution } from 'web-vitals/attribution';
import { toVitalEvent } from './vitals.ts';

const metric = (m: Partial<MetricWithAttribution> & Pick<MetricWithAttribution, 'name' | 'value' | 'attribution'>) =>
  ({ rating: 'good', delta: m.value, id: 'v1', entries: [], navigationType: 'navigate', navigationId: 1, ...m }) as MetricWithAttribution;

describe('vitals as the beacon carries them', () => {
  it('names the LCP element and resource, and the phases of its time', () => {
    const event = toVitalEvent(
      metric({
        name: 'LCP',
        value: 3120.456,
        rating: 'needs-improvement',
        attribution: {
          target: 'main > img.hero',
          url: 'https://cdn.shop.example/hero.avif',
          timeToFirstByte: 410.04,
          resourceLoadDelay: 120,
          resourceLoadDuration: 2300.55,
          elementRenderDelay: 289.9,
        },
      }),
    );
    expect(event).toMatchObject({
      t: 'vital',
      name: 'LCP',
      value: 3120.5,
      rating: 'needs-improvement',
      attribution: {
        target: 'main > img.hero',
        url: 'https://cdn.shop.example/hero.avif',
        phases: { ttfb: 410, resourceLoadDelay: 120, resourceLoadDuration: 2300.6, elementRenderDelay: 289.9 },
      },
    });
  });

  it('names the slow interaction: its target, type, load state and input delay, processing and presentation', () => {
    const event = toVitalEvent(
      metric({
        name: 'INP',
        value: 480,
        rating: 'poor',
        attribution: {
          interactionTarget: '#add-to-cart',
          interactionType: 'pointer',
          loadState: 'complete',
          inputDelay: 30,
          processingDuration: 400,
          presentationDelay: 50,
          processedEventEntries: [],
          longAnimationFrameEntries: [],
        },
      }),
    );
    expect(event.attribution).toEqual({
      target: '#add-to-cart',
      interaction_type: 'pointer',
      load_state: 'complete',
      phases: { inputDelay: 30, processingDuration: 400, presentationDelay: 50 },
    });
  });

  it('keeps CLS a score to four decimals, with the element that shifted most', () => {
    const event = toVitalEvent(metric({ name: 'CLS', value: 0.123456, attribution: { largestShiftTarget: 'div.banner', loadState: 'dom-content-loaded' } }));
    expect(event).toMatchObject({ value: 0.1235, attribution: { target: 'div.banner', load_state: 'dom-content-loaded' } });
  });
});
