import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { diagnosticRunSchema, type DiagnosticInput, type DiagnosticRun } from '@netloom/domain';
import { devices } from '../../server/src/db/schema/index';
import { LAB, labUnavailable } from './test/netns-lab';
import { LAB_INTERFACES, labAgent, waitFor } from './test/lab-agent';

/** The diagnostics' programs, beside what every lab needs (.ci/run installs them). */
const missing = ['tcpdump', 'traceroute', 'iperf3', 'ss'].find((tool) => spawnSync('sh', ['-c', 'command -v "$0"', tool]).status !== 0);
const unavailable = labUnavailable() ?? (missing ? `the agent's diagnostics lab needs ${missing} (.ci/run installs it)` : null);
if (unavailable) console.warn(`agent diagnostics lab not run: ${unavailable}`);

/** The pcap file's magic number, as a little-endian writer puts it first. */
const PCAP_MAGIC = 0xa1b2c3d4;

/** The packets of a pcap file, each as its bytes. */
function pcapPackets(file: Buffer): Buffer[] {
  const packets: Buffer[] = [];
  for (let at = 24; at + 16 <= file.length;) {
    const length = file.readUInt32LE(at + 8);
    packets.push(file.subarray(at + 16, at + 16 + length));
    at += 16 + length;
  }
  return packets;
}

/**
 * The console's Diagnostics page on a real Linux gateway: each run started through the server's
 * API as the console starts it, run by the agent with the box's own programs on real packets.
 */
describe.runIf(!unavailable)("the console's diagnostics run by the agent in network namespaces", () => {
  const h = labAgent({ serial: 'LNX-LAB-DIAG' });
  const url = (rest = '') => `device/diagnostics/${h.deviceId}/${rest}`;

  const start = async (input: DiagnosticInput): Promise<DiagnosticRun> => {
    const res = await h.call('POST', url(), input);
    expect(res.statusCode, res.body).toBe(202);
    return diagnosticRunSchema.parse(res.json());
  };
  const read = async (run: string) => diagnosticRunSchema.parse((await h.call('GET', url(`${run}/`))).json());
  const ended = (run: string, timeoutMs = 20_000) =>
    waitFor(
      `run ${run} ended`,
      async () => {
        const r = await read(run);
        return r.state !== 'running' && r;
      },
      timeoutMs,
    );
  const printed = (run: string, pattern: RegExp) =>
    waitFor(`${pattern} printed`, async () => {
      const r = await read(run);
      return pattern.test(r.output) && r;
    });

  it('pings the remote site, streaming each reply, and ends with the statistics', async () => {
    expect((await h.push('interfaces', LAB_INTERFACES)).sync.state).toBe('synced');
    // Slow enough that the first reply is seen while it still runs, on a busy machine too.
    const run = await start({ kind: 'ping', host: LAB.remote, count: 5, interval_s: 1 });
    expect((await printed(run.id, /icmp_seq=1 /)).state).toBe('running');
    const done = await ended(run.id);
    expect(done.state, done.output).toBe('done');
    expect(done.output.match(/^64 bytes from 203\.0\.113\.10: icmp_seq=\d ttl=63 time=[\d.]+ ms$/gm)).toHaveLength(5);
    expect(done.output).toMatch(/5 packets transmitted, 5 received, 0% packet loss.*\nrtt min\/avg\/max\/mdev = [\d.]+\/[\d.]+\/[\d.]+\/[\d.]+ ms\n/);
    expect(done.end_reason).toBe('--- done: 5 packets transmitted, 5 received, 0% packet loss ---');
  });

  it('stops a long ping when asked: ping prints its statistics so far, and the run says who stopped it', async () => {
    const run = await start({ kind: 'ping', host: LAB.remote, count: 100, interval_s: 0.2 });
    await printed(run.id, /icmp_seq=2 /);
    const stop = await h.call('POST', url(`${run.id}/stop/`));
    expect(stop.statusCode).toBe(202);
    const done = await ended(run.id);
    expect(done.state).toBe('stopped');
    expect(done.output).toMatch(
      /--- 203\.0\.113\.10 ping statistics ---\n\d+ packets transmitted, \d+ received, 0% packet loss, time \d+ms\nrtt .*\nstopped on request\n--- stopped by editor@acme\.test ---\n$/,
    );
  });

  it("traces the route: the ISP's router, then the remote site", async () => {
    const run = await start({ kind: 'traceroute', host: LAB.remote, max_hops: 5 });
    const done = await ended(run.id);
    expect(done.state, done.output).toBe('done');
    expect(done.output).toMatch(/^ 1 {2}198\.51\.100\.1 {2}[\d.]+ ms.*\n 2 {2}203\.0\.113\.10 {2}[\d.]+ ms/m);
    expect(done.end_reason).toBe('--- done: reached 203.0.113.10 ---');
  });

  it('looks a name up at a resolver of the remote site', async () => {
    // A DNS server at the remote site that knows one name (dnsmasq, reading no file of the host).
    h.lab.spawnIn(h.lab.ns.remote, [
      'dnsmasq',
      '--keep-in-foreground',
      '--conf-file=/dev/null',
      '--no-resolv',
      '--no-hosts',
      '--bind-interfaces',
      `--listen-address=${LAB.remote}`,
      `--address=/lab.example/${LAB.remote}`,
      '--pid-file=',
    ]);
    await waitFor('the resolver listening', () => h.lab.exec(h.lab.ns.remote, ['ss', '-lun']).stdout.includes(`${LAB.remote}:53`));
    const run = await start({ kind: 'dns', name: 'www.lab.example', record_type: 'A', resolver: LAB.remote });
    const done = await ended(run.id);
    expect(done.state, done.output).toBe('done');
    expect(done.output).toMatch(/status: NOERROR, answers: 1\n/);
    expect(done.output).toMatch(/^www\.lab\.example\.\t\d+\tIN\tA\t203\.0\.113\.10$/m);
    expect(done.output).toContain(';; SERVER: 203.0.113.10#53(203.0.113.10) (UDP)');
  });

  it('captures the packets its filter keeps into a pcap file the console downloads', async () => {
    const run = await start({ kind: 'capture', interface: 'wan0', filter: 'icmp and host 203.0.113.10', max_packets: 6, max_seconds: 20 });
    await printed(run.id, /listening on wan0/);
    // Traffic the filter leaves out (the ISP's router), then the pings it keeps: 3 requests, 3 replies.
    h.gw('ping', '-n', '-c', '2', '-i', '0.2', LAB.wan0Isp);
    h.gw('ping', '-n', '-c', '3', '-i', '0.2', LAB.remote);
    const done = await ended(run.id);
    expect(done.state, done.output).toBe('done');
    expect(done.output).toContain('filter: (icmp and host 203.0.113.10)');
    expect(done.output.match(/IP 198\.51\.100\.2 > 203\.0\.113\.10: ICMP echo request/g)).toHaveLength(3);
    expect(done.output).toContain('6 packets captured (capture count of 6 packets reached)');
    await waitFor('the file', async () => (await read(run.id)).artifact_bytes);
    const file = await h.call('GET', url(`${run.id}/capture/`));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.tcpdump.pcap');
    expect(file.rawPayload.readUInt32LE(0)).toBe(PCAP_MAGIC);
    const packets = pcapPackets(file.rawPayload);
    expect(packets).toHaveLength(6);
    // Every one is IPv4 ICMP (protocol 1) to or from the remote site.
    const remote = Buffer.from([203, 0, 113, 10]);
    for (const p of packets) {
      expect(p[14 + 9]).toBe(1);
      expect([p.subarray(26, 30), p.subarray(30, 34)].some((a) => a.equals(remote))).toBe(true);
    }
  });

  it('stops a capture at its byte bound and keeps only whole packets within it', async () => {
    const run = await start({ kind: 'capture', interface: 'wan0', filter: 'icmp', max_bytes: 1_000, max_packets: 1_000, max_seconds: 20 });
    await printed(run.id, /listening on wan0/);
    // Each echo and its reply is 16 + 242 bytes in the file: the bound is passed at the fourth packet.
    h.gw('ping', '-n', '-c', '4', '-i', '0.2', '-s', '200', LAB.remote);
    const done = await ended(run.id);
    expect(done.state, done.output).toBe('done');
    expect(done.output).toContain('3 packets captured (capture size of 1000 bytes reached)');
    await waitFor('the file', async () => (await read(run.id)).artifact_bytes);
    const file = (await h.call('GET', url(`${run.id}/capture/`))).rawPayload;
    expect(pcapPackets(file).map((p) => p.length)).toEqual([242, 242, 242]);
    expect(file.length).toBe(24 + 3 * (16 + 242));
  });

  it('stopped by the console, a capture still leaves the packets it caught until then', async () => {
    const run = await start({ kind: 'capture', interface: 'wan0', filter: 'icmp', max_seconds: 60 });
    await printed(run.id, /listening on wan0/);
    h.gw('ping', '-n', '-c', '2', '-i', '0.2', LAB.remote);
    await waitFor('both replies printed', async () => ((await read(run.id)).output.match(/ICMP echo reply/g)?.length ?? 0) >= 2);
    expect((await h.call('POST', url(`${run.id}/stop/`))).statusCode).toBe(202);
    const done = await ended(run.id);
    expect(done.state).toBe('stopped');
    expect(done.output).toMatch(/\n4 packets captured \(stopped\)\nstopped on request\n--- stopped by editor@acme\.test ---\n$/);
    await waitFor('the file', async () => (await read(run.id)).artifact_bytes);
    expect(pcapPackets((await h.call('GET', url(`${run.id}/capture/`))).rawPayload)).toHaveLength(4);
  });

  it('measures throughput with iperf3 to another gateway that serves it, and says what is missing when none does', async () => {
    // Another gateway of the organisation, last heard at the remote site's address.
    const db = h.t.app.services.db;
    const own = (await db.select().from(devices)).find((d) => d.id === h.deviceId)!;
    const peerId = crypto.randomUUID();
    await db
      .insert(devices)
      .values({ id: peerId, tenantId: own.tenantId, serial: 'LNX-LAB-PEER', name: 'lab-peer', kind: 'gateway', approved: true, publicIp: LAB.remote });

    const refused = await start({ kind: 'throughput', peer_device_id: peerId, path: 'wan', duration_s: 2 });
    const failed = await ended(refused.id);
    expect(failed.state).toBe('failed');
    expect(failed.output).toContain('the other gateway must run an iperf3 server (iperf3 -s) reachable on port 5201');

    h.lab.spawnIn(h.lab.ns.remote, ['iperf3', '-s', '-1', '-B', LAB.remote]);
    await waitFor('iperf3 listening', () => h.lab.exec(h.lab.ns.remote, ['ss', '-ltn']).stdout.includes(`${LAB.remote}:5201`));
    const run = await start({ kind: 'throughput', peer_device_id: peerId, path: 'wan', duration_s: 2 });
    const done = await ended(run.id);
    expect(done.state, done.output).toBe('done');
    expect(done.output).toMatch(/^Connecting to host 203\.0\.113\.10 \(lab-peer\), port 5201$/m);
    // An interval ends a little late on a busy machine (1.00-2.01): its bounds are read as they come.
    expect(done.output.match(/^\[ {2}5\] +\d+\.\d\d-\d+\.\d\d +sec +[\d.]+ [KMG]Bytes +[\d.]+ [KMG]bits\/sec/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(done.end_reason).toMatch(/^--- done: [\d.]+ Mbits\/sec to lab-peer ---$/);
  });
});
