import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocketServer } from 'ws';
import { heartbeatSchema, helloSchema, ztnaSectionSchema, ztnaSessionsMessageSchema, type ZtnaSession, type ZtnaSessionsMessage } from '@netloom/domain';
import { SimulatedDevice, type SavedDevice } from './device';
import { EndpointBehaviour } from './endpoint-behaviour';
import { fakeAgentServer, waitFor, type AgentMessage, type BatchAnswer, type FakeConnection } from './fake-agent-server';
import { mulberry32 } from './prng';
import { endpointProfile, withEndpointSpec } from './profiles';
import type { PostureChoice } from './ztna-posture';
import { ZtnaClient } from './ztna-client';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const GIT = id(1);
const WIKI = id(2);
const ALLOW_GIT = id(11);
const CONNECTOR = id(21);
const RELAY = id(31);

const base = endpointProfile(mulberry32(5), 0, 'acme.test');
const profile = (posture: PostureChoice) => withEndpointSpec(base, { user: 'dev@acme.test', os: 'windows', posture });

/** The `ztna` section the server makes for dev@acme.test: git (ssh, https) and the wiki at the HQ site, engineering allowed to git with the firewall on. */
function section(policies: object[] = [allowGit], extra: object = {}) {
  return ztnaSectionSchema.parse({
    profile: { id: null, name: 'mza', kind: 'classic', auto_connect: true, split_tunnel: { mode: 'include', routes: [] }, nameservers: [] },
    relays: [{ id: RELAY, name: 'Frankfurt', region: 'eu-central', address: 'relay-fra.netloom.example', port: 51820, enabled: true }],
    dns: [{ id: id(41), order: 1, name: 'Corp', nameservers: ['10.0.0.53'], match_domains: ['corp.internal'] }],
    private_names: { 'git.corp.internal': '10.0.1.10' },
    servers: [
      { id: GIT, name: 'Git', address: '10.0.1.10', private_name: 'git.corp.internal', ports: [{ protocol: 'tcp', ports: ['22', '443'] }], site: 'HQ' },
      { id: WIKI, name: 'Wiki', address: 'wiki.corp.internal', ports: [{ protocol: 'tcp', ports: ['443'] }], site: 'HQ' },
    ],
    connectors: { HQ: [CONNECTOR] },
    policies,
    identity: { user: 'dev@acme.test', groups: [], security_groups: [], approved: true, country: 'DE' },
    settings: {},
    client_update: null,
    ...extra,
  });
}
const allowGit = {
  id: ALLOW_GIT,
  order: 1,
  name: 'Engineering to git',
  action: 'allow',
  sources: { users: ['dev@acme.test'] },
  destinations: { servers: [GIT] },
  posture: { firewall: true },
};
const denyAll = { id: id(12), order: 1, name: 'Freeze', action: 'deny', sources: { everyone: true }, destinations: { sites: ['HQ'] } };

const sessionsOf = (c: FakeConnection | undefined): (ZtnaSession & { seq: number })[] =>
  (c?.messages<ZtnaSessionsMessage>('ztna_sessions') ?? []).flatMap((m) => m.sessions.map((s) => ({ ...s, seq: m.seq })));

describe('the zero-trust client of a simulated endpoint', () => {
  let server: WebSocketServer;
  let device: SimulatedDevice | undefined;
  afterEach(async () => {
    await device?.stop();
    device = undefined;
    await new Promise((r) => server.close(r));
  });

  async function live(posture: PostureChoice, opts: { answer?: (m: AgentMessage) => BatchAnswer; saved?: SavedDevice; updateDelayMs?: number } = {}) {
    const fake = await fakeAgentServer(opts.answer ?? (() => 'ack'), { heartbeatIntervalS: 1 });
    server = fake.server;
    device = new SimulatedDevice({
      url: fake.url,
      enrolmentKey: 'simulated-enrolment-key',
      // A busy user at any hour, whose connections close within a fifth of a second.
      behaviour: new EndpointBehaviour(profile(posture), mulberry32(2), null, {
        attemptsPerMinute: 20_000,
        maxSessionS: 0.2,
        updateDelayMs: opts.updateDelayMs,
      }),
      random: mulberry32(3),
      saved: opts.saved,
      flowIntervalS: 0,
      urlIntervalS: 0,
      ztnaIntervalS: 0.2,
    });
    device.start();
    await waitFor('live', () => fake.connections[0]?.received.some((r) => r.message.type === 'heartbeat') ?? false);
    const connection = fake.connections[0]!;
    const push = async (document: object) => {
      const jobId = crypto.randomUUID();
      connection.send({ type: 'job', job_id: jobId, kind: 'apply_config', payload: { document } });
      await waitFor('the job answered', () => connection.received.some((r) => r.message.type === 'job_result' && r.message.job_id === jobId));
      return Date.now();
    };
    return { fake, connection, push };
  }

  it('reports no sessions before its configuration has a ztna section, then decides each connection by it: allowed through a connector, denied naming the policy', async () => {
    const { connection, push } = await live('pass');
    await new Promise((r) => setTimeout(r, 600));
    expect(sessionsOf(connection)).toEqual([]);
    await push({ ztna: section() });
    await waitFor(
      'sessions',
      () => sessionsOf(connection).filter((s) => s.action === 'allow').length >= 5 && sessionsOf(connection).some((s) => s.rule === 'default'),
    );
    for (const m of connection.messages<ZtnaSessionsMessage>('ztna_sessions')) expect(() => ztnaSessionsMessageSchema.parse(m)).not.toThrow();
    const sessions = sessionsOf(connection);
    const allowed = sessions.filter((s) => s.action === 'allow');
    // Git through the HQ connector, by name, on a port it publishes, lasting a while and carrying bytes.
    expect(allowed.every((s) => s.server_id === GIT && s.connector_id === CONNECTOR && s.policy_id === ALLOW_GIT)).toBe(true);
    expect(allowed.every((s) => s.destination === 'git.corp.internal' && [22, 443].includes(s.port!))).toBe(true);
    expect(allowed.every((s) => s.duration_ms > 0 && s.duration_ms <= 200 && s.bytes_in > 0 && s.failed_condition === null)).toBe(true);
    // The wiki: no policy allows it (default deny); nothing flows.
    const wiki = sessions.filter((s) => s.server_id === WIKI);
    expect(wiki.length).toBeGreaterThan(0);
    expect(
      wiki.every(
        (s) =>
          s.action === 'deny' &&
          s.rule === (s.port === 443 ? 'default' : 'not_published') &&
          s.policy_id === null &&
          s.bytes_in === 0 &&
          s.connector_id === null,
      ),
      JSON.stringify(wiki),
    ).toBe(true);
    // Now and then a port not published, or a name under corp.internal not offered.
    await waitFor('a stray port and a name not offered', () => {
      const all = sessionsOf(connection);
      return all.some((s) => s.rule === 'not_published') && all.some((s) => s.rule === 'unknown_server');
    });
    const stray = sessionsOf(connection).filter((s) => s.rule === 'not_published' || s.rule === 'unknown_server');
    expect(stray.every((s) => s.action === 'deny')).toBe(true);
    expect(stray.filter((s) => s.rule === 'unknown_server').every((s) => s.server_id === null && s.destination.endsWith('.corp.internal'))).toBe(true);
    // The relays of its section, measured with every batch.
    const relays = connection.messages<ZtnaSessionsMessage>('ztna_sessions').flatMap((m) => m.relays);
    expect(relays.length).toBeGreaterThan(0);
    expect(relays.every((r) => r.relay_id === RELAY)).toBe(true);
    expect(relays.some((r) => r.ok && r.latency_ms! > 0)).toBe(true);

    // A pushed deny: every connection tried after it is denied by it.
    const pushedAt = await push({ ztna: section([denyAll]) });
    await waitFor('denied sessions', () => sessionsOf(connection).some((s) => Date.parse(s.at) > pushedAt && s.policy_name === 'Freeze'));
    await new Promise((r) => setTimeout(r, 500));
    const after = sessionsOf(connection).filter((s) => Date.parse(s.at) > pushedAt && s.server_id !== null && s.rule !== 'not_published');
    expect(after.length).toBeGreaterThan(0);
    expect(
      after.every((s) => s.action === 'deny' && s.policy_name === 'Freeze'),
      JSON.stringify(after.find((s) => s.action === 'allow')),
    ).toBe(true);
  });

  it('denies an endpoint whose firewall is off, naming the policy and the failed condition', async () => {
    const { connection, push } = await live(['firewall-off']);
    await push({ ztna: section() });
    await waitFor('sessions to git', () => sessionsOf(connection).filter((s) => s.server_id === GIT && s.rule !== 'not_published').length >= 3);
    const git = sessionsOf(connection).filter((s) => s.server_id === GIT && s.rule !== 'not_published');
    expect(git.every((s) => s.action === 'deny' && s.rule === 'posture' && s.failed_condition === 'firewall' && s.policy_id === ALLOW_GIT)).toBe(true);
    expect(git.every((s) => s.connector_id === null && s.bytes_in === 0)).toBe(true);
    const beat = heartbeatSchema.parse(connection.messages('heartbeat').at(-1));
    expect(beat.posture).toMatchObject({ firewall_on: false, disk_encrypted: true });
  });

  it('keeps a batch the server is too busy for and sends it again, same seq and sessions, after retry_after_ms', async () => {
    let refused: number | null = null;
    const { connection, push } = await live('pass', {
      answer: (m) => {
        if (refused !== null || (m.sessions as unknown[]).length === 0) return 'ack';
        refused = m.seq;
        return { busy: 400 };
      },
    });
    await push({ ztna: section() });
    const copies = () => connection.received.filter((r) => r.message.type === 'ztna_sessions' && r.message.seq === refused);
    await waitFor('the batch sent again', () => copies().length === 2);
    const [first, again] = copies();
    expect(again!.message).toEqual(first!.message);
    expect(again!.at - first!.at).toBeGreaterThanOrEqual(380);
    // Nothing else went out in between: the server asked for a pause.
    expect(connection.received.filter((r) => r.message.type === 'ztna_sessions' && r.at > first!.at && r.at < again!.at)).toEqual([]);
  });

  it('installs the client version its configuration names a little later, reports it from then on and keeps it across runs', async () => {
    const update = { client_update: { version: '2.1.12', url: 'https://downloads.netloom.example/mza/windows/MicroZAccess-2.1.12.msi' } };
    const { connection, push } = await live(['old-client'], { updateDelayMs: 1_500 });
    const versions = () => connection.messages<{ posture: { client_version: string } }>('heartbeat');
    expect(versions().at(-1)!.posture.client_version).toBe('2.1.9');
    const pushedAt = await push({ ztna: section([allowGit], update) });
    await waitFor('a heartbeat with the new version', () => versions().at(-1)!.posture.client_version === '2.1.12', 6_000);
    const firstNew = versions().find((b) => b.posture.client_version === '2.1.12')!;
    expect(firstNew.at - pushedAt).toBeGreaterThanOrEqual(1_400);
    expect(
      versions()
        .filter((b) => b.at < firstNew.at)
        .every((b) => b.posture.client_version === '2.1.9'),
    ).toBe(true);
    const saved = device!.saved();
    expect(saved.behaviour).toEqual({ client_version: '2.1.12' });
    await device!.stop();
    await new Promise((r) => server.close(r));

    // Next run, from the state file: the hello and the posture name the installed version.
    const again = await live(['old-client'], { saved });
    expect(helloSchema.parse(again.connection.messages('hello')[0]).version).toBe('2.1.12');
    expect(heartbeatSchema.parse(again.connection.messages('heartbeat')[0]).posture?.client_version).toBe('2.1.12');
  });
});

describe('the zero-trust client on its own clock', () => {
  it('counts the connections it has open through a connector until they close, and a deny pushed meanwhile closes them there and then', () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const client = new ZtnaClient(profile('pass'), undefined, { attemptsPerMinute: 600, maxSessionS: 600 }, () => now);
    client.ran(section(), now);
    now += 60_000;
    const first = client.sessions(new Date(now), 60, null);
    const open = client.activeThrough(CONNECTOR);
    expect(open).toBeGreaterThan(0);
    expect(client.activeThrough(id(99))).toBe(0);
    // Ten seconds on, the policies forbid everything: what was open is cut at the push.
    now += 10_000;
    const cutAt = now;
    client.ran(section([denyAll]), cutAt);
    expect(client.activeThrough(CONNECTOR)).toBe(0);
    now += 1_000;
    const cut = client.sessions(new Date(now), 1, null).filter((s) => s.action === 'allow');
    expect(cut.length).toBe(open);
    // Each closed by the cut at the latest; those still running then, exactly at it.
    const ends = cut.map((s) => Date.parse(s.at) + s.duration_ms);
    expect(ends.every((end) => end <= cutAt)).toBe(true);
    expect(ends.filter((end) => end === cutAt).length).toBeGreaterThan(0);
    expect(cut.every((s) => s.connector_id === CONNECTOR)).toBe(true);
    const closedFirst = first.filter((s) => s.action === 'allow');
    expect(
      closedFirst.every((s) => Date.parse(s.at) + s.duration_ms <= cutAt - 10_000),
      JSON.stringify(closedFirst),
    ).toBe(true);
  });
});
