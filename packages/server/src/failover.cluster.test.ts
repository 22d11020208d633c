import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchEnrolmentKey, startFleet, type DeviceEvent, type Fleet } from '@netloom/simulator';
import { freshPostgres } from './test/build';
import { TcpLoadBalancer } from './test/load-balancer';
import { ServerProcess } from './test/server-process';
import { waitFor } from './test/wait-for';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Two real server processes on one PostgreSQL behind a TCP load balancer, the simulated fleet
 * connected through it with the agent's own reconnect rule. One instance is killed (SIGKILL, no
 * goodbye) and, as when its host or container is gone, the balancer's new connections to it hang
 * unanswered: its devices must be served by the other within seconds (median under 5 s), not
 * after tries stuck on the dead instance and a back-off that grew meanwhile.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('failover of devices between two instances (needs TEST_DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let lb: TcpLoadBalancer;
  let fleet: Fleet | null = null;
  const events: { at: number; event: DeviceEvent }[] = [];

  // Two servers start one after the other, each up to ServerProcess's 100 s on a busy machine.
  beforeAll(async () => {
    db = await freshPostgres();
    a = await ServerProcess.start({ DATABASE_URL: db.url, DEMO: '1' });
    b = await ServerProcess.start({ DATABASE_URL: db.url, DEMO: '0' });
    lb = await TcpLoadBalancer.start([a.port, b.port], 'hang');
  }, 240_000);
  afterAll(async () => {
    await fleet?.stop();
    await lb?.close();
    for (const s of [a, b]) {
      if (s && s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGTERM');
        await s.exited;
      }
    }
    await db?.drop();
  });

  it('serves the killed instance’s devices from the other one within 5 s (median)', async () => {
    const key = await fetchEnrolmentKey({ api: a.url(''), user: 'owner@acme.test', password: 'netloom-demo', tenant: 'Acme' });
    fleet = startFleet({
      url: `ws://127.0.0.1:${lb.port}/agent/v1`,
      tenants: [{ enrolmentKey: key, gateways: 10, endpoints: 10, emailDomain: 'acme.test' }],
      seed: 11,
      staggerMs: 1000,
      sessions: false,
      flapRules: { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] },
      flowIntervalS: 0,
      urlIntervalS: 0,
      ztnaIntervalS: 0,
      onEvent: (event) => events.push({ at: Date.now(), event }),
    });
    const devices = fleet.devices;
    await waitFor(async () => fleet!.counts().connected === devices.length, 60_000);

    const killedAt = Date.now();
    a.child.kill('SIGKILL');
    await a.exited;
    // The devices that were on the killed instance: those whose connection closed after the kill.
    await waitFor(async () => events.some((e) => e.at >= killedAt && e.event.type === 'closed'), 10_000);
    await waitFor(async () => fleet!.counts().connected === devices.length, 60_000);

    const affected = new Set(events.filter((e) => e.at >= killedAt && e.event.type === 'closed').map((e) => e.event.device));
    const servedAfter = [...affected].map((device) => {
      const back = events.find((e) => e.at >= killedAt && e.event.device === device && e.event.type === 'state' && e.event.state === 'connected');
      return back!.at - killedAt;
    });
    const figures = { devices: affected.size, medianMs: median(servedAfter), maxMs: Math.max(...servedAfter) };
    console.log(`failover: ${JSON.stringify(figures)}`);
    expect(affected.size).toBeGreaterThan(0);
    expect(figures.medianMs).toBeLessThan(5_000);
  }, 180_000);
});
