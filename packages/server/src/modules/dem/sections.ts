import { sql } from 'drizzle-orm';
import { DEM_SECTION, demTestId, type DemSection, type DemTest, type DemTestKind } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { SectionProvider } from '../config/index';
import { listApplications, lockTenantDem, serversOf, type ApplicationRow, type ServerTarget } from './repo';

/** The revisions' source of DEM's changes. */
export const demSectionsName = 'dem';

/** What an endpoint waits for an answer: half its interval, at most 10 s. */
const timeoutOf = (intervalSeconds: number) => Math.min(10_000, Math.floor((intervalSeconds * 1000) / 2));

/** The first TCP port a server publishes (a range's start), else the usual HTTPS port. */
function tcpPortOf(server: ServerTarget): number {
  for (const p of server.ports) {
    if (p.protocol !== 'tcp' && p.protocol !== 'any') continue;
    const first = Number.parseInt(p.ports[0] ?? '443', 10);
    if (Number.isInteger(first) && first > 0) return first;
  }
  return 443;
}

/** Where an application is tested: its URL, or its ZTNA server's address (a plain host; a subnet or wildcard has none to test). */
function targetOf(app: ApplicationRow, servers: ReadonlyMap<string, ServerTarget>): { url: string; host: string; port: number } | null {
  if (app.targetUrl) {
    // One application's unreadable URL (stored before URLs were parsed on save) must not stop every endpoint's document.
    if (!URL.canParse(app.targetUrl)) return null;
    const u = new URL(app.targetUrl);
    return { url: app.targetUrl, host: u.hostname, port: u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80 };
  }
  const server = app.ztnaServerId ? servers.get(app.ztnaServerId) : undefined;
  if (!server || server.address.includes('/') || server.address.includes('*')) return null;
  const port = tcpPortOf(server);
  const scheme = port === 80 || port === 8080 ? 'http' : 'https';
  const shown = (scheme === 'https' && port === 443) || (scheme === 'http' && port === 80) ? '' : `:${port}`;
  return { url: `${scheme}://${server.address}${shown}/`, host: server.address, port };
}

/** The tests of one application, one per kind it asks for. */
function testsOf(app: ApplicationRow, servers: ReadonlyMap<string, ServerTarget>): DemTest[] {
  const target = targetOf(app, servers);
  if (!target) return [];
  const base = { application_id: app.id, name: app.name, interval_seconds: app.intervalSeconds, timeout_ms: timeoutOf(app.intervalSeconds) };
  const kinds = (['http', 'path', 'availability'] as const).filter((k: DemTestKind) => app.tests[k]);
  return kinds.map((kind) => ({
    ...base,
    id: demTestId(app.id, kind),
    kind,
    ...(kind === 'path' ? { host: target.host, port: target.port } : { url: target.url, host: target.host, port: target.port }),
  }));
}

interface TenantDem {
  section: DemSection;
  key: string;
}

async function load(db: Db, tenantId: string): Promise<TenantDem | null> {
  const apps = await listApplications(db, tenantId);
  if (apps.length === 0) return null;
  const servers = await serversOf(db, tenantId);
  const section: DemSection = { tests: apps.flatMap((a) => testsOf(a, servers)) };
  return { section, key: JSON.stringify(section) };
}

/**
 * DEM's part of ZTNA endpoints' documents: the `dem` section with every test of the tenant's
 * monitored applications (an endpoint, simulated or the agent in its endpoint role, runs them all
 * on their schedules). Gateways get none. A tenant without applications gives none either.
 */
export const demSections: SectionProvider<TenantDem> = {
  name: demSectionsName,
  sections: [DEM_SECTION],
  load: (db, tenantId) => load(db, tenantId),
  render: (tenant, device) => (device.kind === 'endpoint' ? { [DEM_SECTION]: tenant.section } : null),
  cacheKey: (tenant, device) => (device.kind === 'endpoint' ? tenant.key : null),
  // Endpoints enrolled since the tenant's last change have no section yet.
  stale: ({ device, document }) =>
    sql`${device}.kind = 'endpoint' and exists (select 1 from dem_applications a where a.tenant_id = ${device}.tenant_id)
      and (${document} is null or not ${document} ? ${DEM_SECTION})`,
  lock: (tx, tenantId) => lockTenantDem(tx, tenantId),
  reconcileMessage: "The organisation's monitored applications",
};
