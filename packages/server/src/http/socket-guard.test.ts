import { describe, expect, it } from 'vitest';
import { addressKey } from './socket-guard';

describe('addressKey: what a per-address socket cap counts under', () => {
  it('counts an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::1%eth0'].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(keys[0]);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });
});
