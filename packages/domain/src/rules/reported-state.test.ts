import { describe, expect, it } from 'vitest';
import { isReachable, reportAge, shownReportedState } from './reported-state';

const seen = '2026-11-21T10:00:00Z';
const now = Date.parse(seen) + 14 * 60_000;

describe('reported state on tenant-wide pages', () => {
  it('a device is reachable while its status is an online one and it was ever seen', () => {
    expect(isReachable({ deviceStatus: 'running', lastSeenTime: seen })).toBe(true);
    expect(isReachable({ deviceStatus: 'modified', lastSeenTime: seen })).toBe(true);
    expect(isReachable({ deviceStatus: 'Connected', lastSeenTime: seen })).toBe(true);
    expect(isReachable({ deviceStatus: 'error', lastSeenTime: seen })).toBe(false);
    expect(isReachable({ deviceStatus: 'offline', lastSeenTime: seen })).toBe(false);
    expect(isReachable({ deviceStatus: 'running', lastSeenTime: null })).toBe(false);
  });

  it('keeps what a reachable device reported, and calls it unknown once the device is not reachable', () => {
    expect(shownReportedState('up', { reachable: true })).toBe('up');
    expect(shownReportedState('Established', { reachable: true })).toBe('Established');
    expect(shownReportedState('up', { reachable: false })).toBe('unknown');
    expect(shownReportedState('Established', { reachable: false })).toBe('unknown');
  });

  it('says how old a report is', () => {
    expect(reportAge(seen, now)).toBe('14 min ago');
    expect(reportAge(seen, Date.parse(seen) + 40_000)).toBe('40 s ago');
    expect(reportAge(seen, Date.parse(seen) + 3 * 3_600_000)).toBe('3 h ago');
    expect(reportAge(seen, Date.parse(seen) + 2 * 86_400_000)).toBe('2 d ago');
    expect(reportAge(seen, Date.parse(seen) - 5_000)).toBe('0 s ago');
    expect(reportAge(null, now)).toBe('–');
  });
});
