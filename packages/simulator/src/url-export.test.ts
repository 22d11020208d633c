import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocketServer } from 'ws';
import { urlEventsMessageSchema, type UrlEventsMessage } from '@netloom/domain';
import type { BrowsingRequest } from './browsing';
import { SimulatedDevice } from './device';
import { EndpointBehaviour } from './endpoint-behaviour';
import { fakeAgentServer, waitFor, type AgentMessage, type BatchAnswer, type FakeConnection } from './fake-agent-server';
import { mulberry32 } from './prng';
import { endpointProfile } from './profiles';

const profile = endpointProfile(mulberry32(5), 0, 'acme.test');

/** Someone who opens Facebook and Wikipedia every 50 ms: every short interval has both to decide. */
class Regular extends EndpointBehaviour {
  override browse(at: Date, intervalS: number): BrowsingRequest[] {
    const out: BrowsingRequest[] = [];
    for (let t = at.getTime() - intervalS * 1000 + 25, i = 0; t < at.getTime(); t += 50, i++) {
      out.push({
        atMs: t,
        via: 'agent',
        client_ip: profile.vpnIp,
        user: profile.user,
        method: 'GET',
        scheme: 'https',
        host: i % 2 ? 'en.wikipedia.org' : 'www.facebook.com',
        path: '/',
        status: 200,
        bytes: 90_000,
        elapsed_ms: 120,
        content_type: 'text/html',
        server_ip: '157.240.1.35',
      });
    }
    return out;
  }
}

const POLICY = {
  id: '6f1c2a9e-4b7d-4c1e-9a55-0d3f8e2b7c10',
  order: 1,
  name: 'No social at work',
  applies_to: { users: [profile.user] },
  blocked_categories: ['social-networking'],
};
const blockingSocial = { web_filter: { enabled: true, default_action: 'allow', policies: [POLICY] } };
const withoutPolicies = { web_filter: { enabled: true, default_action: 'allow', policies: [] } };

const eventsOf = (c: FakeConnection | undefined) =>
  (c?.messages<UrlEventsMessage>('url_events') ?? []).flatMap((m) => m.events.map((e) => ({ ...e, atMs: Date.parse(e.at) })));

describe('URL events over the agent protocol', () => {
  let server: WebSocketServer;
  let device: SimulatedDevice | undefined;
  afterEach(async () => {
    await device?.stop();
    device = undefined;
    await new Promise((r) => server.close(r));
  });

  async function live(answer: (m: AgentMessage) => BatchAnswer = () => 'ack') {
    const fake = await fakeAgentServer(answer);
    server = fake.server;
    device = new SimulatedDevice({
      url: fake.url,
      enrolmentKey: 'key',
      behaviour: new Regular(profile, mulberry32(2), null),
      random: mulberry32(3),
      flowIntervalS: 0,
      urlIntervalS: 0.2,
    });
    device.start();
    await waitFor('live', () => fake.connections[0]?.received.some((r) => r.message.type === 'heartbeat') ?? false);
    const connection = fake.connections[0]!;
    /** Pushes a configuration as the server does; when it was sent and when the device's answer came (it ran it in between). */
    const push = async (document: object) => {
      const jobId = crypto.randomUUID();
      const sentAt = Date.now();
      connection.send({ type: 'job', job_id: jobId, kind: 'apply_config', payload: { document } });
      await waitFor('the job answered', () => connection.received.some((r) => r.message.type === 'job_result' && r.message.job_id === jobId));
      const result = connection.received.find((r) => r.message.type === 'job_result' && r.message.job_id === jobId)!;
      expect(result.message.ok).toBe(true);
      return { sentAt, appliedBy: result.at };
    };
    return { fake, connection, push };
  }

  it('keeps a site blocked for its user from the push that blocks it until the push that lifts it, using the config running at each request', async () => {
    const { connection, push } = await live();
    await new Promise((r) => setTimeout(r, 600));
    // No web filter yet: nothing to report.
    expect(eventsOf(connection)).toEqual([]);

    const first = await push(blockingSocial);
    await waitFor('events after the first push', () => eventsOf(connection).filter((e) => e.atMs > first.appliedBy + 600).length > 0);
    const second = await push(withoutPolicies);
    await waitFor('events after the second push', () => eventsOf(connection).filter((e) => e.atMs > second.appliedBy + 600).length > 0);

    const events = eventsOf(connection);
    expect(events.every((e) => e.atMs >= first.sentAt)).toBe(true);
    const facebook = events.filter((e) => e.host === 'www.facebook.com');
    const whileBlocked = facebook.filter((e) => e.atMs >= first.appliedBy && e.atMs < second.sentAt);
    expect(whileBlocked.length).toBeGreaterThan(5);
    for (const e of whileBlocked) {
      expect(e).toMatchObject({
        user: profile.user,
        action: 'blocked',
        status: 403,
        policy_name: 'No social at work',
        policy_id: POLICY.id,
        category: 'social-networking',
      });
    }
    const afterwards = facebook.filter((e) => e.atMs > second.appliedBy);
    expect(afterwards.length).toBeGreaterThan(5);
    for (const e of afterwards) expect(e).toMatchObject({ action: 'allowed', status: 200, policy_id: null, rule: 'default' });
    for (const e of events.filter((e) => e.host === 'en.wikipedia.org')) expect(e).toMatchObject({ action: 'allowed', status: 200 });
    for (const m of connection.messages<UrlEventsMessage>('url_events')) {
      const { at: _at, ...message } = m;
      expect(urlEventsMessageSchema.parse(message)).toEqual(message);
    }
  });

  it('reports no URL events while its configuration has no web filter', async () => {
    const { connection, push } = await live();
    await push({ static_routes: [] });
    await new Promise((r) => setTimeout(r, 1000));
    expect(connection.messages('url_events')).toEqual([]);
    expect(device!.urlExport.outbox.pending).toEqual([]);
  });

  it('on busy keeps the batch and sends it again, same seq and events, after retry_after_ms', async () => {
    let refused: number | null = null;
    const { connection, push } = await live((m) => {
      if (m.type !== 'url_events') return 'ack';
      refused ??= m.seq;
      return m.seq === refused && connection.messages<UrlEventsMessage>('url_events').filter((b) => b.seq === refused).length === 1 ? { busy: 600 } : 'ack';
    });
    await push(blockingSocial);
    await waitFor(
      'the refused batch sent again',
      () => connection.messages<UrlEventsMessage>('url_events').filter((b) => b.seq === refused).length === 2,
      5000,
    );
    const [busy, again] = connection.messages<UrlEventsMessage>('url_events').filter((b) => b.seq === refused) as [
      UrlEventsMessage & { at: number },
      UrlEventsMessage & { at: number },
    ];
    expect(again.at - busy.at).toBeGreaterThanOrEqual(590);
    expect(again.events).toEqual(busy.events);
    // Nothing else went out while the server asked to wait.
    expect(connection.messages<UrlEventsMessage>('url_events').filter((b) => b.at > busy.at && b.at < again.at)).toEqual([]);
    await waitFor('all acknowledged', () => device!.urlExport.outbox.pending.length <= 1);
  });
});
