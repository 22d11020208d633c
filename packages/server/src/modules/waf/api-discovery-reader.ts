import {
  DEFAULT_DISCOVERY_SETTINGS,
  discoverEndpoints,
  discoveryRows,
  scaledEndpoint,
  type ApiDiscoverySettings,
  type DiscoveredEndpoint,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import type { WafAnalyticsPort, WafScopeQuery } from './analytics-port';
import { listDiscoverySettings, type DiscoverySettingsRow } from './api-security-repo';

export const settingsOfRow = (s: DiscoverySettingsRow): ApiDiscoverySettings => ({
  enabled: s.enabled,
  hosts: s.hosts,
  path_prefixes: s.pathPrefixes,
  exclusions: s.exclusions,
  sampling_percent: s.samplingPercent,
});

export interface DiscoveredApis {
  /** The endpoints, their counts scaled where read from a sample. */
  endpoints: (DiscoveredEndpoint & { estimated: boolean })[];
  /** Each application's settings (the defaults for one without). */
  settingsOf(applicationId: string | null): ApiDiscoverySettings;
}

/**
 * The endpoints a window's traffic shows under each application's discovery settings: its hosts
 * and paths only, its exclusions never, from its sample of requests (counts scaled back).
 */
export async function discoverApis(db: Db, analytics: WafAnalyticsPort, scope: WafScopeQuery): Promise<DiscoveredApis> {
  const stored = new Map((await listDiscoverySettings(db, scope.tenantId)).map((s) => [s.applicationId, settingsOfRow(s)]));
  const settingsOf = (id: string | null) => (id ? stored.get(id) : undefined) ?? DEFAULT_DISCOVERY_SETTINGS;
  const percent = new Map([...stored].filter(([, s]) => s.enabled && s.sampling_percent < 100).map(([id, s]) => [id, s.sampling_percent]));
  const rows = await analytics.pathCounts(scope, percent);
  const endpoints = discoverEndpoints(discoveryRows(rows, settingsOf)).map((e) => scaledEndpoint(e, settingsOf(e.applicationId).sampling_percent));
  return { endpoints, settingsOf };
}
