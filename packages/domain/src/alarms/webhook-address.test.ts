import { describe, expect, it } from 'vitest';
import { webhookMayReach } from './webhook-address';

describe('which addresses a webhook may reach', () => {
  it('allows public IPv4 and IPv6 addresses, also an IPv4 one written as IPv4-mapped IPv6', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34', '::ffff:5db8:d822']) {
      expect(webhookMayReach(address), address).toBe(true);
    }
  });

  it("refuses the server's own machine and private, link-local and shared networks", () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
    ]) {
      expect(webhookMayReach(address), address).toBe(false);
    }
  });

  it('refuses private and loopback IPv4 addresses hidden in IPv6 forms', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '::7f00:1',
      '::ffff:0:7f00:1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ]) {
      expect(webhookMayReach(address), address).toBe(false);
    }
  });

  it('refuses multicast, broadcast, reserved and documentation ranges', () => {
    for (const address of [
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.1',
      'ff02::1',
      '2001:db8::1',
    ]) {
      expect(webhookMayReach(address), address).toBe(false);
    }
  });

  it('refuses what is not an address', () => {
    for (const value of ['', 'localhost', 'example.com', '127.1', '0x7f.0.0.1', '999.1.1.1', '1.2.3.4.5', '::ffff:999.1.1.1']) {
      expect(webhookMayReach(value), value).toBe(false);
    }
  });
});
