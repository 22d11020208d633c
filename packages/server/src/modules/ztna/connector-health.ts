import { ONLINE_STATUSES } from '@netloom/domain';

/** A connector's report older than this says nothing about now. */
export const CONNECTOR_REPORT_STALE_MS = 5 * 60_000;

export type ConnectorHealth = 'healthy' | 'degraded' | 'down' | 'unknown';

export interface ConnectorFacts {
  deviceStatus: string;
  /** What it last reported of each published server. */
  health: { server_id: string; reachable: boolean }[] | null;
  healthAt: Date | null;
  /** The servers of its site now. */
  serverIds: readonly string[];
}

/** Of the site's servers now, how many the connector last reached; null before its first report. */
export function serversReachable(c: Pick<ConnectorFacts, 'health' | 'serverIds'>): number | null {
  if (!c.health) return null;
  const reached = new Set(c.health.filter((h) => h.reachable).map((h) => h.server_id));
  return c.serverIds.filter((id) => reached.has(id)).length;
}

/**
 * An app connector's health as the console shows it live: down when its gateway is offline or it
 * reaches none of its site's servers, unknown without a recent report, degraded when it misses
 * some, else healthy.
 */
export function connectorHealthOf(c: ConnectorFacts, now: Date): ConnectorHealth {
  if (!(ONLINE_STATUSES as readonly string[]).includes(c.deviceStatus)) return 'down';
  if (!c.healthAt || now.getTime() - c.healthAt.getTime() > CONNECTOR_REPORT_STALE_MS) return 'unknown';
  const reachable = serversReachable(c);
  if (reachable === null) return 'unknown';
  if (c.serverIds.length > 0 && reachable === 0) return 'down';
  return reachable < c.serverIds.length ? 'degraded' : 'healthy';
}
