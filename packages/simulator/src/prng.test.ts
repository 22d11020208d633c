import { describe, expect, it } from 'vitest';
import { chance, mulberry32, pick, randomInt, seedFrom } from './prng';
import { endpointProfile, gatewayProfile } from './profiles';

describe('mulberry32', () => {
  it('gives the same stream for the same seed and another for another seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const sa = Array.from({ length: 50 }, a);
    expect(Array.from({ length: 50 }, b)).toEqual(sa);
    expect(Array.from({ length: 50 }, c)).not.toEqual(sa);
  });

  it('stays in [0, 1) and spreads evenly', () => {
    const r = mulberry32(7);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const x = r();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      buckets[Math.floor(x * 10)]! += 1;
    }
    for (const n of buckets) expect(n).toBeGreaterThan(850);
  });

  it('helpers respect their bounds', () => {
    const r = mulberry32(1);
    for (let i = 0; i < 500; i++) {
      const n = randomInt(r, 2, 5);
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(5);
      expect(['a', 'b']).toContain(pick(r, ['a', 'b']));
    }
    expect(chance(r, 0)).toBe(false);
    expect(chance(r, 1)).toBe(true);
    expect(seedFrom(1, 'gateway', 0)).toBe(seedFrom(1, 'gateway', 0));
    expect(seedFrom(1, 'gateway', 0)).not.toBe(seedFrom(1, 'gateway', 1));
  });
});

describe('profiles', () => {
  it('are repeatable from the seed', () => {
    expect(gatewayProfile(mulberry32(5), 3)).toEqual(gatewayProfile(mulberry32(5), 3));
    expect(endpointProfile(mulberry32(5), 3, 'acme.test')).toEqual(endpointProfile(mulberry32(5), 3, 'acme.test'));
  });

  it('gateways have 1–3 WAN links named WAN1.. on eth0.. and documentation public IPs', () => {
    for (let i = 0; i < 40; i++) {
      const g = gatewayProfile(mulberry32(seedFrom('g', i)), i);
      expect(g.links.length).toBeGreaterThanOrEqual(1);
      expect(g.links.length).toBeLessThanOrEqual(3);
      g.links.forEach((l, n) => expect([l.name, l.ifname]).toEqual([`WAN${n + 1}`, `eth${n}`]));
      for (const ip of g.publicIps) expect(ip).toMatch(/^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d+$/);
      expect(g.vpnIp).toMatch(/^10\./);
      if (g.bonding) expect(g.links.length).toBeGreaterThan(1);
    }
    expect(gatewayProfile(mulberry32(1), 0).place.city).toBe('Chennai');
  });

  it('endpoints run a known OS and belong to a user of the tenant domain', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const e = endpointProfile(mulberry32(seedFrom('e', i)), i, 'globex.test');
      expect(['windows', 'macos', 'linux', 'android', 'ios']).toContain(e.os);
      expect(e.user).toMatch(/^[a-z]+\.[a-z]+@globex\.test$/);
      seen.add(e.os);
    }
    expect(seen.size).toBe(5);
  });
});
