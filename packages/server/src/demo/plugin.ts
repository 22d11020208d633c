import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Fleet } from '@netloom/simulator';
import type { Config } from '../config';
import { configureDemoGateway, seedDemoConfigTemplate } from './config';
import { startDemoFleet } from './demo-fleet';
import { onboardDemoWaf } from './waf';
import { seedDemoRum, startDemoRum } from './rum';
import { seedDemoDem, startDemoDemIncidents } from './dem';
import { seedDemo } from './seed';
import { memberOf } from './repo';
import { DEMO_ZTNA, seedActor, seedDemoZtna, type DemoOwner } from './ztna';

export interface DemoOptions {
  config: Config;
}

/**
 * The demo a new user starts with: the demo organisations seeded into an empty database when the
 * app is ready, and (DEMO_FLEET) the simulated fleet reporting to this very server once it listens.
 * Reads `services` from the instance when its hooks run, so it may be registered before them.
 */
const demo: FastifyPluginAsync<DemoOptions> = async (app, { config }) => {
  let fleet: Fleet | null = null;
  let stopRum: (() => void) | null = null;
  let stopDem: (() => void) | null = null;

  /** The organisation's owner, in whose name the demo's zero-trust objects are made. */
  const ownerOf = async (tenant: string): Promise<DemoOwner | null> => {
    const demo = DEMO_ZTNA[tenant];
    return demo ? memberOf(app.services.db, tenant, demo.owner) : null;
  };

  app.addHook('onReady', async () => {
    if (!(await seedDemo(app.services.db, config.demo.password, { usageGraphs: config.demo.fleet, webFilter: config.demo.fleet }))) return;
    app.log.info('Seeded the demo organisations and users');
    // Zero-trust access and the gateways' configuration only with the demo fleet, whose devices bring them to life.
    if (!config.demo.fleet) return;
    for (const [tenant, demo] of Object.entries(DEMO_ZTNA)) {
      const owner = await ownerOf(tenant);
      if (!owner) continue;
      await seedDemoZtna(app.services, owner, demo);
      await seedDemoConfigTemplate(app.services, owner);
    }
  });

  if (!config.demo.fleet) return;
  app.addHook('onListen', async () => {
    // Each tenant's gateways are numbered as they first enrol: the site number of their LAN addresses.
    const sites = new Map<string, number>();
    fleet = await startDemoFleet(app.services.db, config, app.server.address() as AddressInfo, {
      gatewayEnrolled: async (tenant, deviceId) => {
        const owner = await ownerOf(tenant.name);
        if (!owner) return;
        const site = (sites.get(tenant.name) ?? 0) + 1;
        sites.set(tenant.name, site);
        await configureDemoGateway(app.services, owner, deviceId, site).catch((err: Error) => {
          app.log.warn({ err, deviceId }, 'The demo gateway could not be configured');
        });
      },
      connectorEnrolled: async (tenant, deviceId, site) => {
        const owner = await ownerOf(tenant.name);
        if (!owner) return;
        await app.services.ztnaResources.addConnector(seedActor(owner), { device_id: deviceId, site }).catch((err: Error) => {
          app.log.warn({ err, deviceId }, 'The demo app connector could not be registered');
        });
      },
      wafPopEnrolled: async (tenant, deviceId) => {
        const owner = await ownerOf(tenant.name);
        if (!owner) return;
        await onboardDemoWaf(app.services, owner, deviceId).catch((err: Error) => {
          app.log.warn({ err, deviceId }, 'The demo WAF POP could not be given its application');
        });
      },
    });
    if (fleet) app.log.info(`Demo fleet: ${fleet.devices.length} devices`);
    // RUM: Acme's shop (a website) and portal (an app), made once, and their visitors while the demo runs.
    const rumOwner = await ownerOf('Acme');
    if (rumOwner) {
      await seedDemoRum(app.services, rumOwner).catch((err: Error) => app.log.warn({ err }, 'The demo RUM sites could not be made'));
      stopRum = startDemoRum(app.services, rumOwner, app.log);
    }
    // DEM: Acme's endpoints test a SaaS CRM and the private wiki; now and then one person's Wi-Fi weakens for a few minutes.
    const demOwner = await ownerOf('Acme');
    if (demOwner && fleet) {
      await seedDemoDem(app.services, demOwner).catch((err: Error) => app.log.warn({ err }, 'The demo DEM applications could not be made'));
      stopDem = startDemoDemIncidents(fleet, app.log);
    }
  });
  // Devices leave first, saying goodbye (offline at once) while their sockets are still served.
  app.addHook('preClose', async () => {
    stopRum?.();
    stopDem?.();
    await fleet?.stop();
  });
};

/**
 * Unencapsulated: its preClose must sit on the root instance ahead of @fastify/websocket's, which
 * closes every socket (root preClose hooks run in the order they were added, children's after).
 */
export const demoPlugin = fp(demo, { name: 'netloom-demo', fastify: '5.x' });
