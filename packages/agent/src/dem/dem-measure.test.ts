import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIwLink, parseProcWireless } from '../host/endpoint-context';
import { timeConnect, timeHttp } from './http-timing';
import { parseTraceroute } from './path-probe';

describe('what the endpoint agent reads off its tools', () => {
  it("takes the Wi-Fi signal from the kernel's wireless statistics and the SSID from iw", () => {
    const proc = [
      'Inter-| sta-|   Quality        |   Discarded packets               | Missed | WE',
      ' face | tus | link level noise |  nwid  crypt   frag  retry   misc | beacon | 22',
      'wlp2s0: 0000   41.  -69.  -256        0      0      0      3    112        0',
      'wlan1: 0000   70.  190.  -256        0      0      0      0      0        0',
    ].join('\n');
    expect(parseProcWireless(proc)).toEqual([
      { ifname: 'wlp2s0', dbm: -69 },
      { ifname: 'wlan1', dbm: -66 },
    ]);
    expect(parseProcWireless(proc.split('\n').slice(0, 2).join('\n'))).toEqual([]);
    expect(parseIwLink('Connected to aa:bb:cc:dd:ee:ff (on wlp2s0)\n\tSSID: Acme Office\n\tfreq: 5180\n\tsignal: -69 dBm\n')).toBe('Acme Office');
    expect(parseIwLink('Not connected.\n')).toBeNull();
  });

  it("counts traceroute's hops to the destination, or to the last router that answered", () => {
    const reached = 'traceroute to app.lab (203.0.113.10), 30 hops max, 60 byte packets\n 1  198.51.100.1  0.061 ms\n 2  *\n 3  203.0.113.10  0.090 ms\n';
    expect(parseTraceroute(reached, '203.0.113.10')).toBe(3);
    const filtered = 'traceroute to app.lab (203.0.113.10), 30 hops max, 60 byte packets\n 1  198.51.100.1  0.061 ms\n 2  10.0.0.1  1.2 ms\n 3  *\n 4  *\n';
    expect(parseTraceroute(filtered, '203.0.113.10')).toBe(2);
  });
});

describe('timing a page with the socket events', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const delay = Number(new URL(req.url!, 'http://x').searchParams.get('delay') ?? 0);
      setTimeout(() => {
        res.statusCode = req.url!.startsWith('/down') ? 503 : 200;
        res.write('<html>');
        setTimeout(() => res.end('x'.repeat(50_000)), 30);
      }, delay);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('measures connect, time to first byte and total, the slow application in its first byte', async () => {
    const quick = await timeHttp(`${base}/`, 5000);
    expect(quick).toMatchObject({ ok: true, status: 200 });
    expect(quick.connect_ms).toBeGreaterThan(0);
    expect(quick.total_ms!).toBeGreaterThanOrEqual(quick.ttfb_ms! + 25);
    const slow = await timeHttp(`${base}/?delay=300`, 5000);
    expect(slow.ttfb_ms!).toBeGreaterThanOrEqual(300);
    expect(slow.connect_ms!).toBeLessThan(100);
    // A name is looked up: its own phase.
    const named = await timeHttp(`${base.replace('127.0.0.1', 'localhost')}/`, 5000);
    expect(named.ok).toBe(true);
    expect(named.dns_ms).toBeGreaterThanOrEqual(0);
  });

  it('fails on an error status, a refused connection and no answer in time', async () => {
    expect(await timeHttp(`${base}/down`, 5000)).toMatchObject({ ok: false, status: 503, error: 'HTTP 503' });
    const refused = await timeHttp('http://127.0.0.1:1/', 5000);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/ECONNREFUSED/);
    const late = await timeHttp(`${base}/?delay=2000`, 300);
    expect(late).toMatchObject({ ok: false, error: 'no answer within 300 ms' });
    expect(late.ttfb_ms).toBeUndefined();
    expect(await timeConnect('127.0.0.1', 1, 1000)).toMatchObject({ ok: false });
    expect(await timeConnect('127.0.0.1', Number(new URL(base).port), 1000)).toMatchObject({ ok: true });
  });

  it('times the TLS handshake of an https page (its certificate is not checked: an internal application may have its own CA)', async () => {
    const pems = await generate([{ name: 'commonName', value: 'app.lab.test' }], { keySize: 2048, algorithm: 'sha256' });
    const tls = https.createServer({ key: pems.private, cert: pems.cert }, (_req, res) => res.end('ok'));
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    const timed = await timeHttp(`https://127.0.0.1:${(tls.address() as AddressInfo).port}/`, 5000);
    tls.close();
    expect(timed).toMatchObject({ ok: true, status: 200 });
    expect(timed.tls_ms).toBeGreaterThan(0);
    expect(timed.ttfb_ms!).toBeGreaterThanOrEqual(timed.connect_ms! + timed.tls_ms!);
  });
});
