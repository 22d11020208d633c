import { describe, expect, it } from 'vitest';
import { configDocumentSchema, statusSnapshotSchema, type StatusSnapshot } from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import { DeviceConfig } from './device-config';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STEADY: FlapRules = { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] };
// Gateway index 0 is in Chennai: 08:39 UTC is a busy afternoon there.
const BUSY = Date.parse('2026-03-02T08:39:00Z');

/** A gateway of `model` behind the configuration store a simulated device pushes through. */
function gateway(model: string) {
  const gw = new GatewayBehaviour({ ...gatewayProfile(mulberry32(3), 0), model }, mulberry32(1), STEADY, null, () => BUSY);
  const config = new DeviceConfig(
    null,
    60_000,
    (doc) => gw.configure(doc),
    () => {},
    (doc) => gw.cannotRun(doc),
  );
  const snap = () => {
    const s = gw.statusSnapshot('wireless', config.document, () => undefined) as Extract<StatusSnapshot, { kind: 'wireless' }>;
    expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
    return s.entries;
  };
  return { gw, config, snap };
}
const doc = (radios: Record<string, unknown>, ssids: Record<string, unknown>[]) => configDocumentSchema.parse({ wireless: { country: 'IN', radios, ssids } });
const ssid = (n: number, over: Record<string, unknown> = {}) => ({
  id: id(n),
  name: `office-${n}`,
  passphrase: 'correct horse',
  radios: ['2_4ghz', '5ghz'],
  ...over,
});

describe('wireless on a simulated gateway', () => {
  it('broadcasts each enabled SSID on its radios that are on, on the set channel or one it picked, with clients', () => {
    const g = gateway('NL-Edge 300');
    const document = doc({ '2_4ghz': { enabled: true }, '5ghz': { enabled: true, channel: 149, width_mhz: 80 } }, [
      ssid(1),
      ssid(2, { radios: ['5ghz'], enabled: false }),
      ssid(3, { radios: ['2_4ghz'], security: 'open', passphrase: undefined }),
    ]);
    expect(g.config.push('job-1', { document })).toMatchObject({ ok: true });
    const entries = g.snap();
    expect(entries.map((e) => [e.ssid, e.band])).toEqual([
      ['office-1', '2_4ghz'],
      ['office-1', '5ghz'],
      ['office-3', '2_4ghz'],
    ]);
    expect(entries[1]!.channel).toBe(149);
    // Auto on 2.4 GHz takes one of the channels that do not overlap, the same on both SSIDs of the radio.
    expect([1, 6, 11]).toContain(entries[0]!.channel);
    expect(entries[2]!.channel).toBe(entries[0]!.channel);
    expect(entries.reduce((n, e) => n + e.clients, 0)).toBeGreaterThan(0);
  });

  it('refuses a 6 GHz radio on a model without one, and any wireless on a model without radios, in its own words', () => {
    const six = doc({ '6ghz': { enabled: true } }, [ssid(1, { radios: ['6ghz'] })]);
    expect(gateway('NL-Edge 300').config.push('job-1', { document: six })).toEqual({ ok: false, error: 'wireless: this model has no 6 GHz radio' });
    expect(gateway('NL-Edge 500').config.push('job-1', { document: six })).toMatchObject({ ok: true });
    const g = gateway('NL-Branch 1000');
    expect(g.config.push('job-1', { document: doc({ '2_4ghz': { enabled: true } }, [ssid(1, { radios: ['2_4ghz'] })]) })).toEqual({
      ok: false,
      error: 'wireless: this model (NL-Branch 1000) has no radio',
    });
    // Refused, so it runs what it ran before: nothing.
    expect(g.config.document).toBeNull();
  });
});
