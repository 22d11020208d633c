import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosticRunSchema, type DiagnosticInput, type DiagnosticRun } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../server/src/test/build';
import { enrolmentKey } from '../../server/src/test/agent-client';
import { startFleet, type Fleet } from './fleet';
import { PCAP_MAGIC } from './pcap';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Two simulated gateways answering the console's diagnostics through the real server. */
describe.each(testBackends('pglite'))('diagnostics run by simulated gateways on %s', (backend) => {
  let t: TestApp;
  let fleet: Fleet;
  let token: string;
  let ids: string[];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const key = await enrolmentKey(t.app, 'Acme');
    fleet = startFleet({
      url: `ws://127.0.0.1:${port}/agent/v1`,
      tenants: [{ enrolmentKey: key.key, gateways: 2, endpoints: 0, emailDomain: 'acme.test' }],
      seed: 5,
      staggerMs: 10,
      sessions: false,
      flapRules: { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] },
      flowIntervalS: 0,
    });
    token = (await login(t.app, 'editor@acme.test')).access;
    ids = await waitFor('both gateways connected', async () => {
      const all = fleet.devices.map((d) => d.deviceId);
      return fleet.counts().connected === 2 && all.every(Boolean) && (all as string[]);
    });
  }, 60_000);
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  const url = (id: string, rest = '') => `/api/v1/device/diagnostics/${id}/${rest}`;
  const start = async (id: string, input: DiagnosticInput): Promise<DiagnosticRun> => {
    const res = await t.app.inject({ method: 'POST', url: url(id), headers: bearer(token), payload: input });
    expect(res.statusCode, res.body).toBe(202);
    return diagnosticRunSchema.parse(res.json());
  };
  const read = async (id: string, run: string) =>
    diagnosticRunSchema.parse((await t.app.inject({ method: 'GET', url: url(id, `${run}/`), headers: bearer(token) })).json());
  const ended = (id: string, run: string) => waitFor(`run ${run} ended`, async () => ((await read(id, run)).state !== 'running' ? read(id, run) : false));

  it('pings, streaming one reply per interval, and ends with the statistics', async () => {
    const run = await start(ids[0]!, { kind: 'ping', host: '8.8.8.8', count: 3, interval_s: 0.3 });
    const firstReply = await waitFor('a first reply', async () => {
      const r = await read(ids[0]!, run.id);
      return r.output.includes('icmp_seq=1') && r;
    });
    expect(firstReply.state).toBe('running');
    const done = await ended(ids[0]!, run.id);
    expect(done.state).toBe('done');
    expect(done.output.match(/^64 bytes from 8\.8\.8\.8: icmp_seq=\d ttl=\d+ time=[\d.]+ ms$/gm)).toHaveLength(3);
    expect(done.output).toContain('3 packets transmitted, 3 received, 0% packet loss');
  });

  it('stops a long ping when asked: the gateway prints its statistics so far and says it stopped', async () => {
    const run = await start(ids[0]!, { kind: 'ping', host: '1.1.1.1', count: 100, interval_s: 0.2 });
    await waitFor('a reply', async () => (await read(ids[0]!, run.id)).output.includes('icmp_seq=2'));
    const stop = await t.app.inject({ method: 'POST', url: url(ids[0]!, `${run.id}/stop/`), headers: bearer(token) });
    expect(stop.statusCode).toBe(202);
    const done = await ended(ids[0]!, run.id);
    expect(done.state).toBe('stopped');
    expect(done.output).toMatch(
      /--- 1\.1\.1\.1 ping statistics ---\n\d+ packets transmitted, \d+ received, 0% packet loss\n.*\nstopped on request\n--- stopped by editor@acme\.test ---\n$/,
    );
  });

  it('captures packets into a pcap file the console downloads', async () => {
    const run = await start(ids[0]!, { kind: 'capture', interface: 'eth0', filter: 'tcp port 443', max_packets: 25 });
    const done = await ended(ids[0]!, run.id);
    expect(done).toMatchObject({ state: 'done' });
    expect(done.output).toContain('25 packets captured');
    await waitFor('the file', async () => (await read(ids[0]!, run.id)).artifact_bytes);
    const file = await t.app.inject({ method: 'GET', url: url(ids[0]!, `${run.id}/capture/`), headers: bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.readUInt32LE(0)).toBe(PCAP_MAGIC);
    expect(file.rawPayload.readUInt32LE(20)).toBe(1);
  });

  it('measures throughput to the other gateway over the overlay', async () => {
    const run = await start(ids[1]!, { kind: 'throughput', peer_device_id: ids[0]!, duration_s: 2 });
    const done = await ended(ids[1]!, run.id);
    expect(done.state, done.output).toBe('done');
    expect(done.output.match(/^\[ {2}5\] \d\.00-\d\.00 +sec +[\d.]+ MBytes +[\d.]+ Mbits\/sec$/gm)).toHaveLength(2);
    expect(done.output).toMatch(/^Connecting to host \d+\.\d+\.\d+\.\d+ \(gw-/);
  });
});
