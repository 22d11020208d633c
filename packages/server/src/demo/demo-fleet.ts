import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { AGENT_PATH } from '@netloom/domain';
import { GatewayBehaviour, WafPopBehaviour, readStateFile, startFleet, stateSaver, type Fleet, type FleetTenant } from '@netloom/simulator';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { deviceCountOf, enrolmentKeysOf, type DemoTenantKey } from './repo';
import { DEMO_ZTNA } from './ztna';

/** The demo tenants' enrolment keys, as seeded. */
function demoEnrolmentKeys(db: Db): Promise<DemoTenantKey[]> {
  return enrolmentKeysOf(db, ['Acme', 'Globex']);
}

/** Each organisation's fleet: its first gateways are the app connectors of its zero-trust site, its first endpoints the people its policies name. */
const DEMO_SIZES: Record<string, Omit<FleetTenant, 'enrolmentKey'>> = {
  Acme: {
    gateways: 6,
    endpoints: 6,
    emailDomain: 'acme.test',
    appConnectors: DEMO_ZTNA.Acme!.appConnectors,
    endpointSpecs: DEMO_ZTNA.Acme!.people,
    wafPops: 1,
  },
  Globex: { gateways: 1, endpoints: 8, emailDomain: 'globex.test', appConnectors: DEMO_ZTNA.Globex!.appConnectors, endpointSpecs: DEMO_ZTNA.Globex!.people },
};

/** What the demo does when a device of the fleet first enrols: a gateway gets its configuration, an app connector is made its site's connector. */
export interface DemoFleetHooks {
  gatewayEnrolled?: (tenant: DemoTenantKey, deviceId: string) => Promise<void>;
  connectorEnrolled?: (tenant: DemoTenantKey, deviceId: string, site: string) => Promise<void>;
  /** A QShield POP enrolled: it serves the organisation's protected application. */
  wafPopEnrolled?: (tenant: DemoTenantKey, deviceId: string) => Promise<void>;
}

/** Where the demo fleet keeps its credentials: next to the PGlite data, or DATA_DIR with PostgreSQL too. */
function stateFile(config: Config): string {
  const dataDir =
    config.database.kind === 'pglite' && config.database.dataDir ? path.dirname(config.database.dataDir) : path.resolve(process.env.DATA_DIR ?? './.data');
  return path.join(dataDir, 'demo-fleet.json');
}

/**
 * A small living fleet against this very server, so a new user sees devices report. Devices
 * enrol once and keep their credentials in the state file across restarts.
 */
export async function startDemoFleet(db: Db, config: Config, address: AddressInfo, hooks: DemoFleetHooks = {}): Promise<Fleet | null> {
  const keys = await demoEnrolmentKeys(db);
  const fleetTenants = keys.flatMap((k) => (DEMO_SIZES[k.name] ? [{ enrolmentKey: k.enrolmentKey, ...DEMO_SIZES[k.name]! }] : []));
  if (fleetTenants.length === 0) return null;

  const file = stateFile(config);
  const saved = await readStateFile(file);
  // Without saved credentials, serials already in the database would be refused: a fresh seed gives fresh serials.
  const existing = await deviceCountOf(
    db,
    keys.map((k) => k.tenantId),
  );
  const seed = saved?.seed ?? (existing === 0 ? 1 : Date.now() % 2 ** 31);

  const wildcard = ['0.0.0.0', '::', ''].includes(address.address);
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let fleet: Fleet | null = null;
  const saver = stateSaver(file, () => ({ seed, devices: { ...saved?.devices, ...fleet?.saved() } }));
  fleet = startFleet({
    url: `ws://${host}:${address.port}${AGENT_PATH}`,
    tenants: fleetTenants,
    seed,
    saved: saved?.devices,
    staggerMs: config.fleet.heartbeatIntervalSeconds * 1000,
    // Shorter sessions than the simulator's default, so a visitor sees users come and go.
    sessions: { onlineMs: [2 * 60_000, 15 * 60_000], awayMs: [30_000, 3 * 60_000] },
    // Busier users than the simulator's default, so the web filter's charts and logs fill within minutes at any hour.
    visitsPerMinute: 6,
    // Likewise the zero-trust session logs; connections last minutes, not hours.
    ztna: { attemptsPerMinute: 4, maxSessionS: 15 * 60 },
    // QShield's POP reports its logs every 15 s, so its dashboard moves while a visitor watches.
    wafIntervalS: 15,
    // The endpoints' DEM results every 30 s: the experience scores follow within a minute of a change.
    demIntervalS: 30,
    onSave: () => saver.schedule(),
    onEvent: (e) => {
      if (e.type !== 'enrolled') return;
      if (e.device.behaviour instanceof WafPopBehaviour) {
        const pop = keys.find((k) => k.enrolmentKey === e.device.enrolmentKey);
        if (pop) void hooks.wafPopEnrolled?.(pop, e.deviceId);
        return;
      }
      if (!(e.device.behaviour instanceof GatewayBehaviour)) return;
      const tenant = keys.find((k) => k.enrolmentKey === e.device.enrolmentKey);
      if (tenant) void hooks.gatewayEnrolled?.(tenant, e.deviceId);
      if (!e.device.behaviour.roles.appConnector) return;
      const site = tenant && DEMO_ZTNA[tenant.name]?.site;
      if (tenant && site) void hooks.connectorEnrolled?.(tenant, e.deviceId, site);
    },
  });
  const stop = fleet.stop;
  return {
    ...fleet,
    stop: async () => {
      await stop();
      await saver.flush();
    },
  };
}
