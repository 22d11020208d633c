import type { WebSocket } from 'ws';
import {
  AGENT_CLOSE,
  WAF_EDGE_DEVICE_TYPE,
  deviceMessageSchema,
  type DeviceMessage,
  type Heartbeat,
  type Hello,
  type Metrics,
  type FlowsMessage,
  type UrlEventsMessage,
  type ZtnaSessionsMessage,
  type WafEventsMessage,
  type DemResultsMessage,
  type DnsQueriesMessage,
  type IdsAlertsMessage,
  type ServerMessage,
} from '@netloom/domain';
import type { DeviceTopicMessage } from '../bus/topics';
import type { DeviceRecord } from '../fleet/device-row';
import type { AgentContext } from './context';
import { secretMatches } from '../fleet/credentials';
import { DeviceJobs } from './device-jobs';
import { DeviceReports, metricsBatch } from './device-reports';
import { enrolWithKey } from './enrolment';
import { applyHeartbeat } from './heartbeat-state';
import { NotStored } from './write-isolating';
import { findDevice } from './repo';

const HELLO_TIMEOUT_MS = 10_000;
/** Small batches cost little to parse: only larger ones are refused unread. */
const EARLY_SHED_MIN_LENGTH = 4_096;
const FLOWS_TYPE = /"type"\s*:\s*"(?:flows|url_events|ztna_sessions|waf_events|dns_queries|ids_alerts)"/;
const SEQ = /"seq"\s*:\s*(\d{1,15})[,}]/;
type Close = (typeof AGENT_CLOSE)[keyof typeof AGENT_CLOSE];

/**
 * One device's websocket: hello (enrolment or credential), then heartbeats, metrics and job
 * results, each acknowledged by seq. Anything malformed closes the socket with a reason; nothing
 * a device sends can throw out of here.
 */
export class AgentConnection {
  readonly id = crypto.randomUUID();
  private device: DeviceRecord | null = null;
  private state: 'hello' | 'pending' | 'live' | 'closed' = 'hello';
  private unsubscribe: (() => Promise<void>) | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly helloTimer: NodeJS.Timeout;
  private earlyApproval: Extract<DeviceTopicMessage, { kind: 'approved' }> | null = null;
  /** How the server closed the socket, if it did: what the disconnect line reports. */
  private closedWith: { code: number; reason: string } | null = null;
  private readonly jobs: DeviceJobs;
  private readonly reports: DeviceReports;
  /** What the device's topic started (a job to deliver), not yet done: closing waits for it too (idle). */
  private readonly topicWork = new Set<Promise<void>>();

  constructor(
    private readonly socket: WebSocket,
    private readonly ctx: AgentContext,
  ) {
    this.helloTimer = setTimeout(() => this.close(AGENT_CLOSE.helloTimeout), HELLO_TIMEOUT_MS);
    this.jobs = new DeviceJobs(ctx, (m) => this.send(m));
    this.reports = new DeviceReports(ctx);
    socket.on('message', (data, isBinary) => {
      // Messages are handled strictly in order: a heartbeat must not overtake its hello.
      this.queue = this.queue.then(() => this.receive(isBinary ? null : data.toString())).catch((err) => this.failed(err, 'agent message failed'));
    });
    socket.on('close', (code, reason) => {
      this.onClosed(code, reason.toString()).catch((err) => this.ctx.log.warn({ err, device: this.device?.id }, 'agent close handling failed'));
    });
    socket.on('error', () => undefined);
  }

  /**
   * Resolves once nothing this connection started is under way: the messages received and what
   * its topic started. The gateway waits for it on close, before the database goes.
   */
  async idle(): Promise<void> {
    for (;;) {
      const queue = this.queue;
      await Promise.all([queue, ...this.topicWork]);
      if (queue === this.queue && this.topicWork.size === 0) return;
    }
  }

  /** A message or topic work that failed: the database away is no fault of this device, anything else is logged. Never thrown on. */
  private failed(err: unknown, what: string): void {
    // The database away: the device comes back later (and resends what was not acknowledged, is sent its open jobs).
    if (err instanceof NotStored ? err.unavailable : this.ctx.outage.failed(err)) return this.close(AGENT_CLOSE.tryLater);
    this.ctx.log.error({ err, device: this.device?.id }, what);
    this.close({ code: 1011, reason: 'internal error' });
  }

  get deviceId(): string | null {
    return this.device?.id ?? null;
  }

  private send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close(why: Close | { code: number; reason: string }, detail?: string): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.helloTimer);
    const reason = (detail ? `${why.reason}: ${detail}` : why.reason).slice(0, 120);
    this.closedWith = { code: why.code, reason };
    this.socket.close(why.code, reason);
  }

  private async receive(text: string | null): Promise<void> {
    if (this.state === 'closed') return;
    if (text !== null && this.state === 'live' && this.shedUnparsed(text)) return;
    let json: unknown;
    try {
      json = text === null ? undefined : JSON.parse(text);
    } catch {
      return this.close(AGENT_CLOSE.malformed, 'not JSON');
    }
    const parsed = deviceMessageSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.close(AGENT_CLOSE.malformed, issue ? `${issue.path.join('.') || 'message'} ${issue.message}` : undefined);
    }
    const message: DeviceMessage = parsed.data;
    if (message.type === 'hello') {
      if (this.state !== 'hello') return this.close(AGENT_CLOSE.malformed, 'hello sent twice');
      return this.hello(message);
    }
    if (this.state !== 'live') return this.close(AGENT_CLOSE.malformed, `${message.type} before approval`);
    switch (message.type) {
      case 'heartbeat':
        return this.heartbeat(message);
      case 'metrics':
        return this.metrics(message);
      case 'job_result':
        return this.send({ type: 'ack', seq: message.seq, duplicate: await this.jobs.answered(this.device!, message) });
      // A diagnostic's output and file: kept once, a resend or a piece past the run's end is a duplicate.
      case 'job_output':
        return this.send({ type: 'ack', seq: message.seq, duplicate: !(await this.ctx.diagnostics.output(this.device!.id, message)) });
      case 'job_artifact':
        return this.send({ type: 'ack', seq: message.seq, duplicate: !(await this.ctx.diagnostics.artifact(this.device!.id, message)) });
      case 'config_reverted':
        return this.send({ type: 'ack', seq: message.seq, duplicate: await this.jobs.undone(this.device!, message) });
      case 'config_changed':
        return this.send({ type: 'ack', seq: message.seq, duplicate: await this.jobs.changedOnBox(this.device!, message) });
      case 'status':
        return this.send(await this.reports.status(this.device!, message));
      case 'flows':
      case 'url_events':
        return this.flows(message);
      // Each kind of device sends its own zero-trust reports; another kind's is no message of this protocol.
      case 'ztna_sessions':
        if (this.device?.kind !== 'endpoint') return this.close(AGENT_CLOSE.malformed, 'ztna_sessions is an endpoint message');
        return this.flows(message);
      // Only a WAF edge serves protected applications: another device's logs of them are no message of this protocol.
      case 'waf_events':
        if (this.device?.kind !== 'gateway' || this.device.deviceType !== WAF_EDGE_DEVICE_TYPE)
          return this.close(AGENT_CLOSE.malformed, 'waf_events is a WAF edge message');
        return this.flows(message);
      // DEM tests run on ZTNA endpoints (the agent in its endpoint role too): a gateway's results are no message of this protocol.
      case 'dem_results':
        if (this.device?.kind !== 'endpoint') return this.close(AGENT_CLOSE.malformed, 'dem_results is an endpoint message');
        return this.flows(message);
      // NDR's evidence: the resolver's queries (gateways and ZTNA clients), the IDS engine's alerts (gateways only).
      case 'dns_queries':
        return this.flows(message);
      case 'ids_alerts':
        if (this.device?.kind !== 'gateway') return this.close(AGENT_CLOSE.malformed, 'ids_alerts is a gateway message');
        return this.flows(message);
      case 'connector_health':
        if (this.device?.kind !== 'gateway') return this.close(AGENT_CLOSE.malformed, 'connector_health is a gateway message');
        return this.send(await this.reports.connectorHealth(this.device!, message));
      case 'nac_hosts':
        if (this.device?.kind !== 'gateway') return this.close(AGENT_CLOSE.malformed, 'nac_hosts is a gateway message');
        return this.send(await this.reports.nacHosts(this.device!, message));
      // An IoT gateway's discoveries and bridged MQTT telemetry: an endpoint has no LAN to report.
      case 'iot_devices':
        if (this.device?.kind !== 'gateway') return this.close(AGENT_CLOSE.malformed, 'iot_devices is a gateway message');
        return this.send({ type: 'ack', seq: message.seq, ...(await this.ctx.iot.devices(this.device, message)) });
      case 'iot_telemetry':
        if (this.device?.kind !== 'gateway') return this.close(AGENT_CLOSE.malformed, 'iot_telemetry is a gateway message');
        return this.send({ type: 'ack', seq: message.seq, ...(await this.ctx.iot.telemetry(this.device, message)) });
    }
  }

  /**
   * A flow batch that ingest would refuse anyway is refused before it is parsed: parsing and
   * checking a thousand records costs more than anything else a device sends, and under overload
   * the resends would keep the server busy refusing them. Read from the text's head (the type
   * and seq precede the records as devices write them); anything else is parsed as usual.
   */
  private shedUnparsed(text: string): boolean {
    if (text.length < EARLY_SHED_MIN_LENGTH) return false;
    const head = text.slice(0, 200);
    if (!FLOWS_TYPE.test(head)) return false;
    const seq = SEQ.exec(head);
    const retry = seq ? this.ctx.flows.refuseNow() : null;
    if (retry === null) return false;
    this.send({ type: 'busy', seq: Number(seq![1]), retry_after_ms: retry });
    return true;
  }

  private async hello(hello: Hello): Promise<void> {
    clearTimeout(this.helloTimer);
    const { db } = this.ctx;
    let issued: { device_id: string; secret: string } | undefined;
    let device: DeviceRecord | undefined;

    // Subscribed before the row is read (or written): a removal or deactivation committed after
    // that read is heard on the topic, one committed before it is in the row.
    if (hello.auth.kind === 'credential') {
      if (!(await this.subscribe(hello.auth.device_id))) return;
      device = await findDevice(db, hello.auth.device_id);
      // Told plainly, rather than 'bad credential', so that it does not try to enrol again with its key.
      if (device && !device.claimed && device.rejectedAt) return this.close(AGENT_CLOSE.rejected);
      if (!device || !secretMatches(hello.auth.secret, device.credentialHash)) return this.close(AGENT_CLOSE.badCredentials);
    } else {
      const enrolled = await enrolWithKey(this.ctx, hello, hello.auth.enrolment_key, (id) => this.subscribe(id));
      if (enrolled === 'closed') return;
      if ('refused' in enrolled) return this.close(enrolled.refused, enrolled.detail);
      device = enrolled.device;
      issued = enrolled.issued;
      await this.ctx.publishDevice(device);
    }

    // Told meanwhile (removed, deactivated): closed already.
    if (this.state === 'closed') return;
    if (!device.claimed) return this.close(AGENT_CLOSE.unclaimed);
    if (!device.active) return this.close(AGENT_CLOSE.deactivated);
    this.device = { ...device, model: hello.model, version: hello.version };
    // One line per device session (here and in onClosed); heartbeats and batches write none.
    this.ctx.log.info({ device: device.id, tenant: device.tenantId, serial: device.serial, approved: device.approved }, 'device connected');
    this.send({
      type: 'welcome',
      device_id: device.id,
      state: device.approved ? 'approved' : 'pending',
      ...(issued ? { credential: issued } : {}),
      heartbeat_interval_s: this.ctx.heartbeatIntervalSeconds,
    });
    if (device.approved) return this.goLive();
    this.state = 'pending';
    // Approved in the console after the row was written but before the welcome went out.
    if (this.earlyApproval) await this.onTopic(this.earlyApproval);
  }

  /** Listens to the device's topic for the rest of the connection; false when the socket closed meanwhile. */
  private async subscribe(deviceId: string): Promise<boolean> {
    const unsubscribe = await this.ctx.subscribeDevice(deviceId, (m) => this.fromTopic(m));
    if (this.state === 'closed') {
      await unsubscribe();
      return false;
    }
    this.unsubscribe = unsubscribe;
    return true;
  }

  private async goLive(): Promise<void> {
    if (!this.device || this.state === 'closed') return;
    this.state = 'live';
    this.ctx.register(this);
    this.ctx.observer.reachable(this.device, true);
    await this.jobs.deliverOpen(this.device);
  }

  /**
   * A heartbeat is state, not a fact: one older than the newest applied (a late delivery, a
   * resend) is superseded, so nothing of it is stored, and it is acknowledged as a duplicate so
   * the device stops sending it. Other kinds' seqs do not count here: a heartbeat sent after a
   * metrics batch may carry a lower seq than that batch and is still the newest state.
   */
  private async heartbeat(hb: Heartbeat): Promise<void> {
    const d = this.device;
    if (!d) return;
    if (hb.seq <= d.lastSeq) return this.send({ type: 'ack', seq: hb.seq, duplicate: true });
    d.lastSeq = hb.seq;
    const address = d.publicIp;
    applyHeartbeat(d, hb, new Date());
    // Consoles hear about it now; the database gets it with the next batch.
    await this.ctx.publishDevice(d);
    this.ctx.writer.queueState(d);
    this.ctx.observer.heartbeat(d, hb);
    this.send({ type: 'ack', seq: hb.seq, duplicate: false });
    await this.jobs.checkDrift(d);
    if (d.kind === 'gateway' && d.publicIp && d.publicIp !== address) await this.ctx.addresses.changed(d, d.publicIp);
  }

  /**
   * Metrics are facts: each batch is stored once by (device, seq) in the database, whatever
   * connection or instance it came through and in whatever order, and acknowledged once stored.
   */
  private async metrics(m: Metrics): Promise<void> {
    if (!this.device) return;
    const stored = await this.ctx.writer.writeMetrics(metricsBatch(this.device, m));
    // A resent batch was judged when it first came.
    if (stored) this.ctx.observer.metrics(this.device, m);
    this.send({ type: 'ack', seq: m.seq, duplicate: !stored });
  }

  /**
   * Flow records go to the analytics store's ingest, which writes many devices' batches together:
   * not awaited here, so the heartbeats behind them on this socket are not held up. The device
   * hears 'ack' once they are stored (or were before: a resend), or 'busy' when the server sheds
   * load, and then keeps them and sends them again later.
   */
  private flows(m: FlowsMessage | UrlEventsMessage | ZtnaSessionsMessage | WafEventsMessage | DemResultsMessage | DnsQueriesMessage | IdsAlertsMessage): void {
    if (!this.device) return;
    const device = this.device;
    this.ctx.flows.submit(device, m).then(
      async (outcome) => {
        // A sessions batch's relay measurements count once: with the batch stored now, not with its resends.
        if (outcome.stored && !outcome.duplicate && m.type === 'ztna_sessions' && m.relays.length > 0) await this.reports.relays(device, m);
        this.send(
          outcome.stored ? { type: 'ack', seq: m.seq, duplicate: outcome.duplicate } : { type: 'busy', seq: m.seq, retry_after_ms: outcome.retryAfterMs },
        );
      },
      (err: unknown) => {
        if (this.ctx.outage.failed(err)) return this.close(AGENT_CLOSE.tryLater);
        this.ctx.log.error({ err, device: device.id }, 'flow batch failed');
        this.close({ code: 1011, reason: 'internal error' });
      },
    );
  }

  /** A message on the device's topic, heard at any time (not in the socket's order): its work is tracked, and its failure handled like a message's. */
  private fromTopic(m: DeviceTopicMessage): void {
    const work = this.onTopic(m).catch((err: unknown) => this.failed(err, 'device topic message failed'));
    this.topicWork.add(work);
    void work.then(() => this.topicWork.delete(work));
  }

  private async onTopic(m: DeviceTopicMessage): Promise<void> {
    switch (m.kind) {
      case 'approved':
        if (this.state === 'hello') this.earlyApproval = m;
        if (this.state !== 'pending' || !this.device) return;
        this.earlyApproval = null;
        this.device.approved = true;
        this.send({ type: 'approved', credential: m.credential });
        return this.goLive();
      case 'job':
        if (this.state !== 'live' || !this.device) return;
        return this.jobs.deliverAnnounced(this.device, m.job_id);
      case 'job_stop':
        if (this.state === 'live') this.send({ type: 'job_stop', job_id: m.job_id, reason: m.reason });
        return;
      case 'deactivated':
        return this.close(AGENT_CLOSE.deactivated);
      case 'unclaimed':
        return this.close(AGENT_CLOSE.unclaimed);
      case 'rejected':
        return this.close(AGENT_CLOSE.rejected);
      case 'replaced':
        if (m.connection_id !== this.id) this.close(AGENT_CLOSE.replaced);
        return;
    }
  }

  private async onClosed(code: number, reason: string): Promise<void> {
    clearTimeout(this.helloTimer);
    this.state = 'closed';
    const how = this.closedWith ?? { code, reason };
    const d = this.device;
    // A socket that never became a device (refused or silent hello) is no device session.
    if (d) this.ctx.log.info({ device: d.id, tenant: d.tenantId, serial: d.serial, ...how }, 'device disconnected');
    else this.ctx.log.debug(how, 'agent socket closed before a device connected');
    await this.unsubscribe?.();
    this.ctx.unregister(this);
    // A message being handled when the socket closed (a heartbeat publishing `running`) finishes
    // first, so the offline state is the last the consoles hear; later ones are dropped (closed).
    await this.queue;
    // A device that says goodbye (normal closure) is offline at once; a dropped one when it stays silent.
    if (code === 1000 && this.device) await this.ctx.goneOffline(this.device);
    // Dropped: the offline sweep judges its silence, on whichever instance sweeps.
    else if (this.device) this.ctx.observer.forget(this.device.id);
  }
}
