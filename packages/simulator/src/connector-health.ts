import type { ZtnaConnectorSection } from '@netloom/domain';
import type { ConnectorHealthBody } from './behaviour';
import { chance, fixedShare, noise, type Random } from './prng';

/** An app connector reports its health every half minute. */
export const CONNECTOR_HEALTH_INTERVAL_S = 30;
/** Chance per report that a published server does not answer the connector's probe. */
const PROBE_MISS = 0.03;

/**
 * An app connector's health: it probes every server of its site it publishes (a server on its
 * LAN answers in a millisecond or a few, one across the site's WAN in tens), now and then one
 * does not answer, and it counts the sessions it carries.
 */
export function connectorHealthOf(section: ZtnaConnectorSection, serial: string, at: Date, activeSessions: number, random: Random): ConnectorHealthBody {
  return {
    at: at.toISOString(),
    servers: section.servers.map((s) => {
      if (chance(random, PROBE_MISS)) return { server_id: s.id, reachable: false, latency_ms: null };
      const base = 0.4 + 30 * fixedShare(serial, s.id, 'distance') ** 3;
      return { server_id: s.id, reachable: true, latency_ms: Math.round(Math.max(0.1, base * (1 + noise(random, 0.15))) * 10) / 10 };
    }),
    active_sessions: activeSessions,
  };
}
