import { describe, expect, it } from 'vitest';
import { parseRumClient } from './client';

describe('client from the user agent', () => {
  it('names browser, OS and device class', () => {
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const tablet = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect(parseRumClient(desktop)).toEqual({ browser: 'Chrome', os: 'Linux', device_class: 'desktop' });
    expect(parseRumClient(phone)).toMatchObject({ browser: 'Mobile Safari', os: 'iOS', device_class: 'mobile' });
    expect(parseRumClient(tablet).device_class).toBe('tablet');
    expect(parseRumClient(undefined)).toEqual({ browser: 'Other', os: 'Other', device_class: 'desktop' });
  });
});
