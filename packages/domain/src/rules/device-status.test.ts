import { describe, expect, it } from 'vitest';
import { effectiveStatus, markerColor, matchesDeviceFilter, statusLabel, wanBadgeColor, wanColumnCount } from './device-status';

const seen = '2026-11-21T10:00:00Z';
const d = (deviceStatus: string, lastSeenTime: string | null = seen) => ({ deviceStatus, lastSeenTime });

describe('device status', () => {
  it('calls a never-seen device Registered', () => {
    expect(effectiveStatus(d('running', null))).toBe('registered');
    expect(statusLabel(effectiveStatus(d('running', null)))).toBe('Registered');
  });

  it('names header statuses as the spec does', () => {
    expect(statusLabel('running')).toBe('Running');
    expect(statusLabel('error')).toBe('Not Reachable');
  });

  it('maps SD-WAN filters onto statuses', () => {
    expect(matchesDeviceFilter(d('running'), 'online', 'sdwan')).toBe(true);
    expect(matchesDeviceFilter(d('running'), 'connected', 'sdwan')).toBe(true);
    expect(matchesDeviceFilter(d('error'), 'offline', 'sdwan')).toBe(true);
    expect(matchesDeviceFilter(d('running'), 'offline', 'sdwan')).toBe(false);
    expect(matchesDeviceFilter(d('registered'), 'undeployed', 'sdwan')).toBe(true);
    expect(matchesDeviceFilter(d('running', null), 'undeployed', 'sdwan')).toBe(true);
    expect(matchesDeviceFilter(d('error'), 'all', 'sdwan')).toBe(true);
  });

  it('matches ZTNA filters as a case-insensitive substring', () => {
    expect(matchesDeviceFilter(d('Online'), 'online', 'ztna')).toBe(true);
    expect(matchesDeviceFilter(d('Connected'), 'connected', 'ztna')).toBe(true);
    expect(matchesDeviceFilter(d('offline'), 'online', 'ztna')).toBe(false);
  });

  it('colours WAN badges and map markers', () => {
    expect([wanBadgeColor('up'), wanBadgeColor('down'), wanBadgeColor('unknown'), wanBadgeColor(null)]).toEqual(['green', 'orangered', 'amber', 'amber']);
    expect(markerColor(d('modified'))).toBe('green');
    expect(markerColor(d('offline'))).toBe('red');
    expect(markerColor(d('registered'))).toBeNull();
    expect(markerColor({ ...d('running'), geographicalZone: '0' })).toBeNull();
  });

  it('shows a third WAN column only when some device has more than two links', () => {
    expect(wanColumnCount([{ wan_status: [1, 2] }, { wan_status: null }])).toBe(2);
    expect(wanColumnCount([{ wan_status: [1, 2, 3] }])).toBe(3);
  });
});
