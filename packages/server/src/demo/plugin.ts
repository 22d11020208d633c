import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Fleet } from '@netloom/simulator';
import type { Config } from '../config';
import { startDemoFleet } from './demo-fleet';
import { seedDemo } from './seed';

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

  app.addHook('onReady', async () => {
    if (await seedDemo(app.services.db, config.demo.password, { usageGraphs: config.demo.fleet, webFilter: config.demo.fleet }))
      app.log.info('Seeded the demo organisations and users');
  });

  if (!config.demo.fleet) return;
  app.addHook('onListen', async () => {
    fleet = await startDemoFleet(app.services.db, config, app.server.address() as AddressInfo);
    if (fleet) app.log.info(`Demo fleet: ${fleet.devices.length} devices`);
  });
  // Devices leave first, saying goodbye (offline at once) while their sockets are still served.
  app.addHook('preClose', async () => {
    await fleet?.stop();
  });
};

/**
 * Unencapsulated: its preClose must sit on the root instance ahead of @fastify/websocket's, which
 * closes every socket (root preClose hooks run in the order they were added, children's after).
 */
export const demoPlugin = fp(demo, { name: 'netloom-demo', fastify: '5.x' });
