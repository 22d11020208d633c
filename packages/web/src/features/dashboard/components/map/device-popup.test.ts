import { describe, expect, it } from 'vitest';
import { deviceRow } from '@/test/device-row';
import { clusterPopupContent, devicePopupContent } from './device-popup';

describe('devicePopupContent', () => {
  it('shows name, serial, status label, location, public IP and last seen', () => {
    const el = devicePopupContent(
      deviceRow('a', { name: 'edge-chennai', serial: 'SN-42', deviceStatus: 'error', lastSeenTime: '2026-01-02T10:05:00Z' }),
      'UTC',
    );
    expect(el.textContent).toContain('edge-chennai');
    expect(el.textContent).toContain('Serial: SN-42');
    expect(el.textContent).toContain('Status: Not Reachable');
    expect(el.textContent).toContain('Location: Chennai');
    expect(el.textContent).toContain('Public IP: 203.0.113.10');
    expect(el.textContent).toContain('Last seen: 02 Jan 26, 10:05 AM');
  });

  it('writes device text as text, never as markup', () => {
    const el = devicePopupContent(deviceRow('a', { name: '<img src=x onerror=alert(1)>', location: null }));
    expect(el.querySelector('img')).toBeNull();
    expect(el.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(el.textContent).toContain('Location: Not Available');
  });
});

describe('clusterPopupContent', () => {
  it('counts the devices and those down', () => {
    expect(clusterPopupContent(1200, 3).textContent).toContain('1,200 devices');
    expect(clusterPopupContent(1200, 3).textContent).toContain('Not reachable or offline: 3');
    expect(clusterPopupContent(4, 0).textContent).not.toContain('Not reachable');
  });
});
