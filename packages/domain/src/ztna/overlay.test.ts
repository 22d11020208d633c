import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ZTNA_SETTINGS,
  iaoSettingsSchema,
  peersMayConnect,
  RELAY_REPORT_STALE_MS,
  relayHealthOf,
  relayInputSchema,
  ztnaSettingsSchema,
} from './overlay';
import { issuesOf, uuid } from './test-fixtures';

const NOW = new Date('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ENGINEERS = uuid(0x5601);
const SERVERS = uuid(0x5602);
const GUESTS = uuid(0x5603);

describe('relay health', () => {
  const report = (fields: Partial<Parameters<typeof relayHealthOf>[0]>) =>
    relayHealthOf({ latencyMs: 20, failures: 0, reports: 10, lastReportAt: ago(60_000), ...fields }, NOW);

  it('healthy when every recent measurement reached it quickly', () => {
    expect(report({})).toBe('healthy');
    expect(report({ latencyMs: 150 })).toBe('healthy');
    expect(report({ latencyMs: null })).toBe('healthy');
  });

  it('degraded when some failed or it is slow; down when all failed', () => {
    expect(report({ failures: 1 })).toBe('degraded');
    expect(report({ latencyMs: 151 })).toBe('degraded');
    expect(report({ failures: 10 })).toBe('down');
  });

  it('unknown without a report, or with none for five minutes', () => {
    expect(report({ lastReportAt: null })).toBe('unknown');
    expect(report({ reports: 0, failures: 0 })).toBe('unknown');
    expect(report({ lastReportAt: ago(RELAY_REPORT_STALE_MS) })).toBe('healthy');
    expect(report({ lastReportAt: ago(RELAY_REPORT_STALE_MS + 1) })).toBe('unknown');
  });
});

describe('overlay access between endpoints', () => {
  it('none without peer to peer', () => {
    expect(peersMayConnect({ peer_to_peer: false, allowed_pairs: [] }, [ENGINEERS], [ENGINEERS])).toBe(false);
  });

  it('any two endpoints with peer to peer and no pairs', () => {
    expect(peersMayConnect({ peer_to_peer: true, allowed_pairs: [] }, [], [])).toBe(true);
  });

  it('with pairs, only members of a pair, both ways', () => {
    const settings = { peer_to_peer: true, allowed_pairs: [{ from: ENGINEERS, to: SERVERS }] };
    expect(peersMayConnect(settings, [ENGINEERS], [SERVERS])).toBe(true);
    expect(peersMayConnect(settings, [SERVERS], [GUESTS, ENGINEERS])).toBe(true);
    expect(peersMayConnect(settings, [ENGINEERS], [ENGINEERS])).toBe(false);
    expect(peersMayConnect(settings, [GUESTS], [SERVERS])).toBe(false);
  });
});

describe('the overlay forms', () => {
  it('a relay: an address or name and a port, 51820 by default', () => {
    expect(relayInputSchema.parse({ name: 'Frankfurt', region: 'eu-central', address: 'FRA.relay.example' })).toEqual({
      name: 'Frankfurt',
      region: 'eu-central',
      address: 'fra.relay.example',
      port: 51820,
      enabled: true,
    });
    expect(issuesOf(relayInputSchema, { name: 'x', region: 'eu-central', address: 'relay' })).toEqual(['address: Enter IP or FQDN format']);
    expect(issuesOf(relayInputSchema, { name: 'x', region: 'eu-central', address: '10.0.0.1', port: 0 })).toEqual(['port: Enter a port 1-65535']);
    expect(issuesOf(relayInputSchema, { name: 'x', region: 'mars', address: '10.0.0.1' })[0]).toMatch(/^region: /);
  });

  it('settings default to identity-aware overlay on, no peer to peer', () => {
    expect(ztnaSettingsSchema.parse({})).toEqual(DEFAULT_ZTNA_SETTINGS);
    expect(DEFAULT_ZTNA_SETTINGS).toMatchObject({ iao: { enabled: true, reauth_hours: 24 }, overlay_access: { peer_to_peer: false, allowed_pairs: [] } });
    expect(issuesOf(iaoSettingsSchema, { identity_providers: [] })).toEqual(['identity_providers: Choose at least one']);
    expect(issuesOf(iaoSettingsSchema, { idle_timeout_minutes: 1 })[0]).toMatch(/^idle_timeout_minutes: /);
  });
});
