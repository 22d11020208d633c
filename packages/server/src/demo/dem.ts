import type { FastifyBaseLogger } from 'fastify';
import type { DemApplicationInput } from '@netloom/domain';
import { endpointExperience, type Fleet } from '@netloom/simulator';
import type { Services } from '../composition/services';
import { seedActor, type DemoOwner } from './ztna';

/** The demo's monitored applications: a SaaS CRM the endpoints reach directly, and the private wiki they reach through a relay. */
const DEMO_APPLICATIONS: readonly DemApplicationInput[] = [
  { name: 'Salesforce', kind: 'saas', target: { url: 'https://acme.my.salesforce.com/' }, interval_seconds: 60 },
  { name: 'Wiki', kind: 'private', target: { url: 'https://wiki.corp.internal/' }, interval_seconds: 60 },
];

/** Made once: an organisation that removed them keeps them removed only until the next empty database. */
export async function seedDemoDem(services: Services, owner: DemoOwner): Promise<void> {
  const actor = seedActor(owner);
  const existing = new Set((await services.dem.list(actor)).map((a) => a.name));
  for (const app of DEMO_APPLICATIONS) if (!existing.has(app.name)) await services.dem.create(actor, app);
}

/** Who walks away from the access point, when (after the demo starts, then every period) and for how long. */
export const DEMO_WIFI_DIP = { user: 'liam.smith@acme.test', dbm: -84, firstAfterMs: 2 * 60_000, everyMs: 30 * 60_000, forMs: 8 * 60_000 } as const;

/**
 * The demo's one scheduled incident: now and then one person takes the laptop to a meeting room far
 * from the access point, so the DEM page shows an affected user with the Wi-Fi as the cause for a
 * few minutes, then recovers; everyone else's experience stays healthy. Stops with the demo.
 */
export function startDemoDemIncidents(fleet: Fleet, log: FastifyBaseLogger): () => void {
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref?.();
    timers.add(t);
  };
  const dip = () => {
    const experience = endpointExperience(fleet.devices, DEMO_WIFI_DIP.user);
    if (!experience) return;
    experience.set({ wifiDbm: DEMO_WIFI_DIP.dbm });
    log.info(`Demo: ${DEMO_WIFI_DIP.user}'s Wi-Fi drops to ${DEMO_WIFI_DIP.dbm} dBm for a few minutes`);
    later(DEMO_WIFI_DIP.forMs, () => experience.set({ wifiDbm: null }));
    later(DEMO_WIFI_DIP.everyMs, dip);
  };
  later(DEMO_WIFI_DIP.firstAfterMs, dip);
  return () => {
    for (const t of timers) clearTimeout(t);
    timers.clear();
  };
}
