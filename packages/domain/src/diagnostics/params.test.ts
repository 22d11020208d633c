import { describe, expect, it } from 'vitest';
import { diagnosticParamsSchema, diagnosticTimeLimitSeconds } from './params';

const errorsOf = (input: unknown) => {
  const r = diagnosticParamsSchema.safeParse(input);
  return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('diagnostic parameters', () => {
  it('fills in the usual defaults', () => {
    expect(diagnosticParamsSchema.parse({ kind: 'ping', host: '8.8.8.8' })).toEqual({ kind: 'ping', host: '8.8.8.8', count: 4, interval_s: 1, size: 56 });
    expect(diagnosticParamsSchema.parse({ kind: 'dns', name: 'example.com' })).toMatchObject({ record_type: 'A' });
    expect(diagnosticParamsSchema.parse({ kind: 'capture', interface: 'eth0' })).toMatchObject({ filter: '', max_packets: 1000, max_seconds: 30 });
  });

  it('bounds a ping, a traceroute and a capture', () => {
    expect(errorsOf({ kind: 'ping', host: '8.8.8.8', count: 101 })).toHaveProperty('count');
    expect(errorsOf({ kind: 'ping', host: '8.8.8.8', count: 0 })).toHaveProperty('count');
    expect(errorsOf({ kind: 'ping', host: 'not a host' })).toEqual({ host: 'Should be an IPv4 address or a host name' });
    expect(errorsOf({ kind: 'ping', host: '8.8.8.8', source_interface: 'eth0; reboot' })).toHaveProperty('source_interface');
    expect(errorsOf({ kind: 'traceroute', host: 'example.com', max_hops: 65 })).toHaveProperty('max_hops');
    expect(errorsOf({ kind: 'capture', interface: 'eth0', max_packets: 10_001 })).toHaveProperty('max_packets');
    expect(errorsOf({ kind: 'capture', interface: 'eth0', max_bytes: 10_000_001 })).toHaveProperty('max_bytes');
    expect(errorsOf({ kind: 'capture', interface: 'eth0', max_seconds: 301 })).toHaveProperty('max_seconds');
    expect(errorsOf({ kind: 'throughput', peer_device_id: crypto.randomUUID(), duration_s: 61 })).toHaveProperty('duration_s');
  });

  it('sends the capture filter as parsed, and refuses one outside the grammar', () => {
    expect(diagnosticParamsSchema.parse({ kind: 'capture', interface: 'eth0', filter: 'tcp  and port 80' })).toMatchObject({ filter: '(tcp and port 80)' });
    expect(errorsOf({ kind: 'capture', interface: 'eth0', filter: 'tcp $(reboot)' })?.filter).toMatch(/Not a valid capture filter/);
  });

  it('asks a reverse lookup for an address and every other record for a name', () => {
    expect(errorsOf({ kind: 'dns', name: '8.8.8.8', record_type: 'PTR' })).toBeNull();
    expect(errorsOf({ kind: 'dns', name: 'example.com', record_type: 'PTR' })).toEqual({ name: 'Should be an IPv4 address' });
    expect(errorsOf({ kind: 'dns', name: '8.8.8.8', record_type: 'MX' })).toEqual({ name: 'Should be a host name' });
    expect(errorsOf({ kind: 'dns', name: 'example.com', record_type: 'SRV' })).toHaveProperty('record_type');
    expect(errorsOf({ kind: 'dns', name: 'example.com', resolver: 'dns.google' })).toHaveProperty('resolver');
  });

  it('lets a run go as long as it should take, and a little more', () => {
    expect(diagnosticTimeLimitSeconds(diagnosticParamsSchema.parse({ kind: 'ping', host: '8.8.8.8', count: 10, interval_s: 0.5 }))).toBe(20);
    expect(diagnosticTimeLimitSeconds(diagnosticParamsSchema.parse({ kind: 'capture', interface: 'eth0', max_seconds: 300 }))).toBe(315);
  });
});
