import { describe, expect, it } from 'vitest';
import { configHash } from '@netloom/domain';
import { applyConfig } from './running-config';

const document = { static_routes: [{ id: '00000000-0000-4000-8000-000000000001', name: 'r', destination: '10.0.0.0/8', gateway: '10.255.0.1' }] };

describe('a simulated gateway taking a configuration', () => {
  it('runs a valid document and answers its canonical hash', () => {
    const parsedHash = configHash({ static_routes: [{ ...document.static_routes[0]!, metric: 0, enabled: true }] });
    expect(applyConfig({ config_hash: parsedHash, document })).toMatchObject({ ok: true, hash: parsedHash });
  });

  it('refuses what does not hold, naming the field, and a document that does not match its hash', () => {
    expect(applyConfig({ document: { static_routes: [{ ...document.static_routes[0], gateway: 'nope' }] } })).toEqual({
      ok: false,
      error: "static_routes.0.gateway: Should be in the format 'x.x.x.x'",
    });
    expect(applyConfig({ config_hash: 'abc', document })).toEqual({ ok: false, error: 'the document does not match its hash (abc)' });
  });

  it('refuses more QoS classes or VRRP groups than this model runs, naming the limit', () => {
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const classes = Array.from({ length: 17 }, (_, i) => ({ id: uuid(i + 1), name: `c${i}`, guaranteed_pct: 0, maximum_pct: 100, priority: 4 }));
    expect(applyConfig({ document: { qos: { classes } } })).toEqual({ ok: false, error: 'qos.classes: this gateway holds at most 16 QoS classes (17 given)' });
    expect(applyConfig({ document: { qos: { classes: classes.slice(0, 16) } } })).toMatchObject({ ok: true });
    const interfaces = { lan: Array.from({ length: 9 }, (_, i) => ({ name: `lan${i}`, ip: `10.${i}.0.1`, prefix: 24 })) };
    const groups = interfaces.lan.map((l, i) => ({ id: uuid(100 + i), interface: l.name, vrid: 1, virtual_ip: `10.${i}.0.254` }));
    expect(applyConfig({ document: { interfaces, vrrp: { groups } } })).toEqual({
      ok: false,
      error: 'vrrp.groups: this gateway runs at most 8 VRRP groups (9 given)',
    });
  });

  it('takes a push that names only a hash (an older server) at its word', () => {
    expect(applyConfig({ config_hash: 'cfg-2' })).toEqual({ ok: true, hash: 'cfg-2', document: null });
  });
});
