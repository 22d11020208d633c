import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackDns } from '../../test/loopback-dns';
import { reverseDnsVerifier } from './reverse-dns';

describe('good bots verified by forward-confirmed reverse DNS (a real DNS server on loopback)', () => {
  let dns: Awaited<ReturnType<typeof loopbackDns>>;
  beforeAll(async () => {
    dns = await loopbackDns({
      hosts: [
        ['crawl-66-249-90-1.googlebot.com', '66.249.90.1'],
        ['msnbot-40-77-1-1.search.msn.com', '40.77.1.1'],
        // Says it is Googlebot's, but Google's name does not give this address back.
        ['fake.googlebot.com', '10.9.9.9'],
      ],
      ptr: [
        ['45.155.205.233', 'fake.googlebot.com'],
        ['45.155.205.234', 'crawl.googlebot.com.evil.example'],
      ],
    });
  });
  afterAll(() => dns?.stop());

  it('verifies an address whose PTR is under the bot’s domains and resolves back, and nothing else', async () => {
    let clock = 0;
    const verify = reverseDnsVerifier([dns.server], 1_000, () => clock);
    expect(await verify('66.249.90.1', ['.googlebot.com', '.google.com'])).toBe(true);
    expect(await verify('40.77.1.1', ['.search.msn.com'])).toBe(true);
    // A Bing address is no Googlebot.
    expect(await verify('40.77.1.1', ['.googlebot.com'])).toBe(false);
    expect(await verify('45.155.205.233', ['.googlebot.com'])).toBe(false);
    expect(await verify('45.155.205.234', ['.googlebot.com'])).toBe(false);
    // No PTR at all.
    expect(await verify('198.51.100.7', ['.googlebot.com'])).toBe(false);
    // Cached: the server gone, the verdict stands until its time is up.
    await dns.stop();
    expect(await verify('66.249.90.1', ['.googlebot.com', '.google.com'])).toBe(true);
    clock += 7 * 3_600_000;
    expect(await verify('66.249.90.1', ['.googlebot.com', '.google.com'])).toBe(false);
  });
});
