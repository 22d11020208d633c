import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect } from 'vitest';
import { deviceConfigSchema, deviceStatusSchema, type DeviceConfig } from '@netloom/domain';
import { bearer, build, login, type TestApp } from '../../../server/src/test/build';
import { enrolmentKey } from '../../../server/src/test/agent-client';
import { buildLab, LAB, type Lab } from './netns-lab';

export { LAB_INTERFACES } from './netns-lab';

const REPO = path.resolve(import.meta.dirname, '../../../..');

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface LabAgentOptions {
  serial: string;
  /** Confirm-or-revert window: short enough for a test to see a revert, long enough for a busy machine's push. */
  confirmWindowMs?: number;
  /** Seconds between the agent's flow exports (its default otherwise). */
  flowIntervalS?: number;
  /** FRR for the gateway (its own instance, started before the agent so the agent finds bgpd), and the remote site's FRR configuration. */
  frr?: { remote: string };
  /** strongSwan for the gateway (started before the agent, so it finds charon), and the remote site's swanctl.conf. */
  strongswan?: { remote: string };
  /** chrony for the gateway (its own chronyd, never the machine's clock) and an NTP server at the remote site. */
  chrony?: true;
  /** Seconds between its reports of its LANs (DNS queries, devices, bridged readings), and an MQTT broker (Mosquitto) in the gateway namespace for it to bridge. */
  lan?: { intervalS: number; mqttPort?: number };
}

/**
 * The gateway's clock in a lab: an /etc of its own in Etc/UTC and a sources file of its own (the
 * machine's time zone and chrony are never touched); with `chrony`, its own chronyd reading that
 * file and an NTP server at the remote site, else a chronyd socket that answers nothing. The
 * agent's options for them.
 */
function labClock(lab: Lab, stateDir: string, chrony: boolean): string[] {
  const etc = path.join(stateDir, 'etc');
  const sources = path.join(stateDir, 'chrony-sources');
  mkdirSync(etc, { recursive: true });
  mkdirSync(sources, { recursive: true });
  symlinkSync('/usr/share/zoneinfo/Etc/UTC', path.join(etc, 'localtime'));
  const socket = chrony ? lab.startChrony(lab.ns.gw, { sourcesDir: sources }) : path.join(stateDir, 'no-chronyd.sock');
  if (!socket || (chrony && !lab.startChrony(lab.ns.remote, { serve: true }))) throw new Error('this lab needs chrony (.ci/run installs it)');
  return ['--etc-root', etc, '--chrony-sources', path.join(sources, 'netloom.sources'), '--chronyc-socket', socket];
}

/**
 * The agent's options for its LAN reports; with `mqttPort`, Mosquitto started in the gateway
 * namespace on its loopback (the lab's children are stopped with the lab) for the agent to bridge.
 */
function lanReports(lab: Lab, lan: LabAgentOptions['lan']): string[] {
  if (!lan) return [];
  const every = String(lan.intervalS);
  const reports = ['--dns-interval-s', every, '--iot-devices-interval-s', every, '--iot-telemetry-interval-s', every];
  if (lan.mqttPort === undefined) return reports;
  lab.spawnIn(lab.ns.gw, ['mosquitto', '-p', String(lan.mqttPort)]);
  return [...reports, '--mqtt-url', `mqtt://127.0.0.1:${lan.mqttPort}`];
}

/**
 * A suite's lab (netns-lab.ts) with the real server listening on the management link and the real
 * agent (its CLI, a process of its own) running in the gateway namespace, enrolled into Acme, and
 * the LAN client at its fixed address. Its fields are set once the suite's beforeAll has run.
 */
export function labAgent(opts: LabAgentOptions) {
  const h = {
    lab: null as unknown as Lab,
    t: null as unknown as TestApp,
    token: '',
    deviceId: '',
    /** The organisation's enrolment key: another gateway of the lab enrols with it. */
    enrolmentKey: '',
    /** The remote site's charon (vici URI), when the lab runs strongSwan. */
    remoteCharon: null as string | null,
    agentLog: [] as string[],
    stateDir: mkdtempSync(path.join(os.tmpdir(), 'netloom-agent-')),
    call: (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      h.t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(h.token), ...(payload ? { payload } : {}) }),
    config: async (): Promise<DeviceConfig> => deviceConfigSchema.parse((await h.call('GET', `device/config/${h.deviceId}/`)).json()),
    /** Saves a section and waits for the agent's answer: synced, or failed with its reason. */
    push: async (family: string, section: unknown) => {
      const saved = await h.call('PUT', `device/config/${h.deviceId}/sections/${family}/`, { section });
      expect(saved.statusCode, saved.body).toBe(200);
      return waitFor(`${family} answered`, async () => {
        const c = await h.config();
        return c.sync.state === 'synced' || c.sync.state === 'failed' ? c : null;
      });
    },
    /** A status snapshot asked for now, as the console's refresh button asks, once the agent answered. */
    status: async (kind: string) => {
      const asked = Date.now() - 1000;
      const res = await h.call('POST', `device/status/${h.deviceId}/${kind}/refresh/`, {});
      expect(res.statusCode, res.body).toBe(202);
      return waitFor(`the ${kind} snapshot`, async () => {
        const body = deviceStatusSchema.parse((await h.call('GET', `device/status/${h.deviceId}/${kind}/`)).json());
        return body.at && Date.parse(body.at) >= asked ? body.snapshot : null;
      });
    },
    gw: (...args: string[]) => h.lab.exec(h.lab.ns.gw, args),
    pingFrom: (ns: string, address: string) => h.lab.exec(ns, ['ping', '-n', '-c', '1', '-W', '1', address]).status === 0,
  };
  let agent: ChildProcess | null = null;

  beforeAll(async () => {
    h.lab = buildLab();
    if (opts.frr) {
      if (!h.lab.startFrr(h.lab.ns.gw) || !h.lab.startFrr(h.lab.ns.remote, opts.frr.remote)) throw new Error('this lab needs FRR (.ci/run installs it)');
    }
    const charon = opts.strongswan ? h.lab.startCharon(h.lab.ns.gw) : null;
    h.remoteCharon = charon && opts.strongswan ? h.lab.startCharon(h.lab.ns.remote, opts.strongswan.remote) : null;
    if (opts.strongswan && !h.remoteCharon) throw new Error('this lab needs strongSwan (.ci/run installs it)');
    const clock = labClock(h.lab, h.stateDir, opts.chrony === true);
    h.t = await build('pglite', (c) => ({ ...c, fleet: { ...c.fleet, heartbeatIntervalSeconds: 1 } }));
    await h.t.app.listen({ port: 0, host: h.lab.mgmtRoot });
    const { port } = h.t.app.server.address() as { port: number };
    const { key } = await enrolmentKey(h.t.app, 'Acme');
    h.enrolmentKey = key;
    h.token = (await login(h.t.app, 'editor@acme.test')).access;
    const args = ['--server', `http://${h.lab.mgmtRoot}:${port}`, '--key', key, '--state', path.join(h.stateDir, 'state.json')];
    const tuning = ['--run-dir', path.join(h.stateDir, 'run'), '--serial', opts.serial, '--name', `lab-${opts.serial}`, '--silence-ms', '10000'];
    const window = [
      '--confirm-window-ms',
      String(opts.confirmWindowMs ?? 20_000),
      ...(opts.flowIntervalS ? ['--flow-interval-s', String(opts.flowIntervalS)] : []),
      ...(opts.frr ? ['--frr-pathspace', h.lab.ns.gw] : []),
      ...(charon ? ['--strongswan-uri', charon] : []),
      ...clock,
      ...lanReports(h.lab, opts.lan),
    ];
    agent = h.lab.spawnIn(h.lab.ns.gw, [process.execPath, '--import', 'tsx', 'packages/agent/src/cli.ts', ...args, ...tuning, ...window], { cwd: REPO });
    for (const stream of [agent.stdout!, agent.stderr!]) stream.on('data', (d: Buffer) => h.agentLog.push(...d.toString().trim().split('\n')));
    h.deviceId = await waitFor('the agent enrolled', () => h.agentLog.map((l) => /enrolled as device (\S+)/.exec(l)?.[1]).find(Boolean), 120_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}\n${h.agentLog.join('\n')}`);
      },
    );
    // The LAN client: a fixed address for the traffic tests (a DHCP test asks for a lease beside it).
    h.lab.exec(h.lab.ns.lan, ['ip', 'addr', 'add', `${LAB.lanClient}/24`, 'dev', 'eth0']);
    h.lab.exec(h.lab.ns.lan, ['ip', 'route', 'add', 'default', 'via', LAB.lanGw]);
  }, 180_000);

  afterAll(async () => {
    agent?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    h.lab?.destroy();
    await h.t?.close();
    if (process.env.AGENT_LAB_LOG) console.log(h.agentLog.join('\n'));
  });

  return h;
}
