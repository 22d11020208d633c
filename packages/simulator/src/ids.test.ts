import { describe, expect, it } from 'vitest';
import { configDocumentSchema, statusSnapshotSchema, type StatusSnapshot } from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import { DeviceConfig } from './device-config';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';

const STEADY: FlapRules = { linkDownChance: 0, linkDownTicks: [1000, 1000], outageChance: 0, outageTicks: [1, 1] };
const interfaces = {
  lan: [{ name: 'lan1', ip: '10.1.0.1', prefix: 24 }],
  wan: [{ name: 'wan1', mode: 'dhcp' }],
};
const doc = (ids_ips: Record<string, unknown>) => configDocumentSchema.parse({ interfaces, ids_ips });

/** A gateway of `model` (Chennai, a busy afternoon) behind the configuration store a simulated device pushes through. */
function gateway(model = 'NL-Edge 500') {
  let now = Date.parse('2026-03-02T08:39:00Z');
  const gw = new GatewayBehaviour({ ...gatewayProfile(mulberry32(3), 0), model }, mulberry32(4), STEADY, null, () => now);
  const config = new DeviceConfig(
    null,
    60_000,
    (d) => gw.configure(d),
    () => {},
    (d) => gw.cannotRun(d),
  );
  const beats = (n: number) => {
    for (let i = 0; i < n; i++) {
      now += 60_000;
      gw.heartbeat(new Date(now), null);
    }
  };
  const snap = () => {
    const s = gw.statusSnapshot('ids', config.document, () => undefined) as Extract<StatusSnapshot, { kind: 'ids' }>;
    expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
    return s;
  };
  const logs = () => (gw.statusSnapshot('logs', config.document, () => undefined) as Extract<StatusSnapshot, { kind: 'logs' }>).entries;
  return { gw, config, beats, snap, logs };
}

describe('IDS/IPS on a simulated gateway', () => {
  it('reports alerts on the inspected interfaces, counted per category, each also a fast.log line in the device log', () => {
    const g = gateway();
    expect(g.config.push('job-1', { document: doc({ mode: 'detect', interfaces: ['wan1'] }) })).toMatchObject({ ok: true });
    expect(g.snap()).toMatchObject({ mode: 'detect', entries: [] });
    g.beats(240);
    const s = g.snap();
    expect(s.entries.length).toBeGreaterThan(0);
    expect(s.entries.length).toBeLessThanOrEqual(50);
    // Detect mode drops nothing, even where a category would.
    expect(s.entries.every((a) => a.action === 'alerted')).toBe(true);
    const alerted = s.categories.reduce((n, c) => n + c.alerted, 0);
    expect(alerted).toBeGreaterThanOrEqual(s.entries.length);
    expect(s.categories.map((c) => c.category)).toContain('malware');
    const lines = g.logs().filter((l) => l.facility === 'suricata');
    expect(lines.length).toBe(alerted);
    const newest = s.entries[0]!;
    expect(lines[0]!.message).toContain(`[**] [1:${newest.sid}:1] ${newest.message} [**]`);
    expect(lines[0]!.message).toMatch(
      /^\d\d\/\d\d\/\d{4}-\d\d:\d\d:\d\d\.\d{6} {2}\[\*\*\] .* \[Priority: [123]\] \{(TCP|UDP|ICMP)\} [\d.]+:\d+ -> [\d.]+:\d+$/,
    );
  });

  it('drops what a category set to drop matches in prevent mode, and reports nothing of a disabled category or an excepted signature', () => {
    const g = gateway();
    const categories = { malware: 'drop', 'botnet-cnc': 'drop', exploit: 'disable' };
    // Exploits are not loaded; one scan signature is excepted for every address.
    const exceptions = [{ sid: 2044401, address: '0.0.0.0/0' }];
    expect(g.config.push('job-1', { document: doc({ mode: 'prevent', interfaces: ['wan1', 'lan1'], categories, exceptions }) })).toMatchObject({ ok: true });
    // A LAN under attack (a host scanning) trips every kind of signature, not only what ordinary traffic does.
    expect(g.gw.startScenario('port-scan')).not.toBeTypeOf('string');
    g.beats(480);
    const s = g.snap();
    expect(s.categories.map((c) => c.category)).not.toContain('exploit');
    const all = s.entries;
    expect(all.some((a) => a.action === 'dropped')).toBe(true);
    for (const a of all) expect(a.action).toBe(a.category === 'malware' || a.category === 'botnet-cnc' ? 'dropped' : 'alerted');
    expect(all.some((a) => a.category === 'exploit' || a.sid === 2044401)).toBe(false);
    const malware = s.categories.find((c) => c.category === 'malware')!;
    expect(malware.alerted).toBe(0);
    expect(g.logs().some((l) => l.facility === 'suricata' && l.message.includes('[Drop] [**]'))).toBe(true);
  });

  it('inspects nothing while off, and starts its counters again when the section changes', () => {
    const g = gateway();
    g.config.push('job-1', { document: doc({ mode: 'off', interfaces: ['wan1'] }) });
    g.beats(240);
    expect(g.snap()).toEqual({ kind: 'ids', mode: 'off', categories: [], entries: [] });
    expect(g.logs().some((l) => l.facility === 'suricata')).toBe(false);
    g.config.push('job-2', { document: doc({ mode: 'detect', interfaces: ['wan1'] }) });
    g.beats(240);
    expect(g.snap().entries.length).toBeGreaterThan(0);
    g.config.push('job-3', { document: doc({ mode: 'detect', interfaces: ['wan1', 'lan1'] }) });
    expect(g.snap().entries).toEqual([]);
    expect(g.snap().categories.every((c) => c.alerted === 0 && c.dropped === 0)).toBe(true);
  });

  it('refuses prevent mode on a model too small to inspect inline, in its own words, and runs what it ran before', () => {
    const g = gateway('NL-Edge 100');
    expect(g.config.push('job-1', { document: doc({ mode: 'detect', interfaces: ['wan1'] }) })).toMatchObject({ ok: true });
    expect(g.config.push('job-2', { document: doc({ mode: 'prevent', interfaces: ['wan1'] }) })).toEqual({
      ok: false,
      error: 'ids_ips: suricata cannot run inline (NFQUEUE) on this model (NL-Edge 100): prevent mode is not supported, use detect mode',
    });
    expect(g.config.document?.ids_ips?.mode).toBe('detect');
    expect(g.snap().mode).toBe('detect');
    expect(gateway('NL-Edge 300').config.push('job-1', { document: doc({ mode: 'prevent', interfaces: ['wan1'] }) })).toMatchObject({ ok: true });
  });
});
