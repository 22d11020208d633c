import { describe, expect, it } from 'vitest';
import { CONNECTOR_REPORT_STALE_MS, connectorHealthOf, serversReachable } from './connector-health';

const now = new Date('2026-11-27T10:00:00Z');
const facts = (over: Partial<Parameters<typeof connectorHealthOf>[0]> = {}) => ({
  deviceStatus: 'running',
  health: [
    { server_id: 'a', reachable: true },
    { server_id: 'b', reachable: true },
  ],
  healthAt: new Date(now.getTime() - 30_000),
  serverIds: ['a', 'b'],
  ...over,
});

describe("an app connector's health", () => {
  it('is healthy when it reached every server of its site lately', () => {
    expect(connectorHealthOf(facts(), now)).toBe('healthy');
  });

  it('is degraded when it misses some, down when it reaches none or its gateway is offline', () => {
    expect(connectorHealthOf(facts({ health: [{ server_id: 'a', reachable: true }] }), now)).toBe('degraded');
    expect(connectorHealthOf(facts({ health: [{ server_id: 'a', reachable: false }] }), now)).toBe('down');
    expect(connectorHealthOf(facts({ deviceStatus: 'error' }), now)).toBe('down');
  });

  it('is unknown without a report, or with one too old to say anything of now', () => {
    expect(connectorHealthOf(facts({ health: null, healthAt: null }), now)).toBe('unknown');
    expect(connectorHealthOf(facts({ healthAt: new Date(now.getTime() - CONNECTOR_REPORT_STALE_MS - 1) }), now)).toBe('unknown');
  });

  it('counts only the servers its site has now (one removed since its report does not count)', () => {
    expect(serversReachable(facts({ serverIds: ['b', 'c'] }))).toBe(1);
    expect(connectorHealthOf(facts({ serverIds: ['b', 'c'] }), now)).toBe('degraded');
    expect(serversReachable(facts({ health: null }))).toBeNull();
  });
});
