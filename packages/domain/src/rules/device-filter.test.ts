import { describe, expect, it } from 'vitest';
import { statusFilterSet } from './device-filter';

describe('statusFilterSet', () => {
  it('maps the SD-WAN filters to running and error', () => {
    expect(statusFilterSet('online', 'sdwan')).toEqual({ neverSeen: false, seenStatuses: ['running'] });
    expect(statusFilterSet('connected', 'sdwan')).toEqual({ neverSeen: false, seenStatuses: ['running'] });
    expect(statusFilterSet('offline', 'sdwan')).toEqual({ neverSeen: false, seenStatuses: ['error'] });
  });

  it('matches ZTNA statuses by substring', () => {
    expect(statusFilterSet('online', 'ztna').seenStatuses).toEqual(['online']);
    expect(statusFilterSet('connected', 'ztna').seenStatuses).toEqual(['connected']);
    expect(statusFilterSet('offline', 'ztna').seenStatuses).toEqual(['offline']);
  });

  it('treats undeployed as never seen or registered, and all as everything', () => {
    expect(statusFilterSet('undeployed', 'ztna')).toEqual({ neverSeen: true, seenStatuses: ['registered'] });
    expect(statusFilterSet('all', 'sdwan').neverSeen).toBe(true);
    expect(statusFilterSet('all', 'sdwan').seenStatuses).toHaveLength(7);
  });
});
