import type { WebSocket } from 'ws';
import {
  AGENT_CLOSE,
  deviceMessageSchema,
  type DeviceMessage,
  type Heartbeat,
  type Hello,
  type ConfigReverted,
  type StatusMessage,
  type JobResult,
  type Metrics,
  type FlowsMessage,
  type UrlEventsMessage,
  type ZtnaSessionsMessage,
  type ConnectorHealthMessage,
  type NacHostsMessage,
  type ServerMessage,
} from '@netloom/domain';
import type { DeviceTopicMessage } from '../bus/topics';
import type { DeviceRecord } from '../fleet/device-row';
import type { AgentContext } from './context';
import { secretMatches } from '../fleet/credentials';
import { desiredRevision, resyncWanted } from '../fleet/repo';
import { enrolWithKey } from './enrolment';
import { applyHeartbeat } from './heartbeat-state';
import { NotStored } from './write-isolating';
import { completeJob, findDevice, findJob, markJobsSent, openFullSync, openJobs, revertJob, saveStatusSnapshot } from './repo';

const HELLO_TIMEOUT_MS = 10_000;
/** Small batches cost little to parse: only larger ones are refused unread. */
const EARLY_SHED_MIN_LENGTH = 4_096;
const FLOWS_TYPE = /"type"\s*:\s*"(?:flows|url_events|ztna_sessions)"/;
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

  constructor(
    private readonly socket: WebSocket,
    private readonly ctx: AgentContext,
  ) {
    this.helloTimer = setTimeout(() => this.close(AGENT_CLOSE.helloTimeout), HELLO_TIMEOUT_MS);
    socket.on('message', (data, isBinary) => {
      // Messages are handled strictly in order: a heartbeat must not overtake its hello.
      this.queue = this.queue
        .then(() => this.receive(isBinary ? null : data.toString()))
        .catch((err) => {
          // The database away is no fault of this device: it comes back later (and resends what was not acknowledged).
          if (err instanceof NotStored ? err.unavailable : this.ctx.outage.failed(err)) return this.close(AGENT_CLOSE.tryLater);
          this.ctx.log.error({ err, device: this.device?.id }, 'agent message failed');
          this.close({ code: 1011, reason: 'internal error' });
        });
    });
    socket.on('close', (code, reason) => {
      this.onClosed(code, reason.toString()).catch((err) => this.ctx.log.warn({ err, device: this.device?.id }, 'agent close handling failed'));
    });
    socket.on('error', () => undefined);
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
        return this.jobResult(message);
      case 'config_reverted':
        return this.configReverted(message);
      case 'status':
        return this.statusSnapshot(message);
      case 'flows':
      case 'url_events':
        return this.flows(message);
      // Each kind of device sends its own zero-trust reports; another kind's is no message of this protocol.
      case 'ztna_sessions':
        if (this.device?.kind !== 'endpoint') return this.close(AGENT_CLOSE.malformed, 'ztna_sessions is an endpoint message');
        return this.flows(message);
      case 'connector_health':
        if (this.device?.kind !== 'gateway') return this.close(AGENT_CLOSE.malformed, 'connector_health is a gateway message');
        return this.connectorHealth(message);
      case 'nac_hosts':
        if (this.device?.kind !== 'gateway') return this.close(AGENT_CLOSE.malformed, 'nac_hosts is a gateway message');
        return this.nacHosts(message);
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
      if (!device || !secretMatches(hello.auth.secret, device.credentialHash)) return this.close(AGENT_CLOSE.badCredentials);
    } else {
      const enrolled = await enrolWithKey(db, hello, hello.auth.enrolment_key, (id) => this.subscribe(id));
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
    const unsubscribe = await this.ctx.subscribeDevice(deviceId, (m) => void this.onTopic(m));
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
    const jobs = await openJobs(this.ctx.db, this.device.id);
    for (const job of jobs) this.send({ type: 'job', job_id: job.id, kind: job.kind, payload: job.payload });
    await markJobsSent(
      this.ctx.db,
      jobs.map((j) => j.id),
    );
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
    applyHeartbeat(d, hb, new Date());
    // Consoles hear about it now; the database gets it with the next batch.
    await this.ctx.publishDevice(d);
    this.ctx.writer.queueState(d);
    this.ctx.observer.heartbeat(d, hb);
    this.send({ type: 'ack', seq: hb.seq, duplicate: false });
    // Checked here, not in an async call: nearly every heartbeat comes from a device in sync.
    if (d.configHash && d.configHash !== d.appliedConfigHash) await this.syncDrifted(d, d.configHash);
  }

  /**
   * A device that runs another configuration than the desired one (changed locally: drift) gets
   * the whole desired document again, unless a push is on its way or it refused that document.
   */
  private async syncDrifted(d: DeviceRecord, configHash: string): Promise<void> {
    if (!(await resyncWanted(this.ctx.db, d.id, configHash))) return;
    const desired = await desiredRevision(this.ctx.db, d.id, configHash);
    const payload = desired ? { revision_id: desired.id, config_hash: configHash, document: desired.document } : { config_hash: configHash };
    const jobId = crypto.randomUUID();
    if (!(await openFullSync(this.ctx.db, { id: jobId, tenantId: d.tenantId, deviceId: d.id, payload }))) return;
    this.send({ type: 'job', job_id: jobId, kind: 'full_sync', payload });
    await markJobsSent(this.ctx.db, [jobId]);
  }

  /**
   * Metrics are facts: each batch is stored once by (device, seq) in the database, whatever
   * connection or instance it came through and in whatever order, and acknowledged once stored.
   */
  private async metrics(m: Metrics): Promise<void> {
    if (!this.device) return;
    const deviceId = this.device.id;
    const at = new Date(m.at);
    type Sample = { rx: number | null; tx: number | null; latency: number | null; loss: number | null; jitter: number | null };
    const byIf = new Map<string, Sample>();
    for (const i of m.interfaces) byIf.set(i.ifname, { rx: i.rx_bytes, tx: i.tx_bytes, latency: null, loss: null, jitter: null });
    for (const p of m.ping) {
      const row = byIf.get(p.ifname) ?? { rx: null, tx: null, latency: null, loss: null, jitter: null };
      byIf.set(p.ifname, { ...row, latency: p.latency_ms, loss: p.loss_pct, jitter: p.jitter_ms ?? null });
    }
    const rows = [...byIf].map(([ifname, v]) => ({ at, ifname, rxBytes: v.rx, txBytes: v.tx, latencyMs: v.latency, lossPct: v.loss, jitterMs: v.jitter }));
    const system = m.system ? { at, cpuPct: m.system.cpu_pct, memoryPct: m.system.memory_pct } : undefined;
    const stored = await this.ctx.writer.writeMetrics({ deviceId, enrolment: this.device.enrolment, seq: m.seq, rows, system });
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
  private flows(m: FlowsMessage | UrlEventsMessage | ZtnaSessionsMessage): void {
    if (!this.device) return;
    const device = this.device;
    this.ctx.flows.submit(device, m).then(
      async (outcome) => {
        // A sessions batch's relay measurements count once: with the batch stored now, not with its resends.
        if (outcome.stored && !outcome.duplicate && m.type === 'ztna_sessions' && m.relays.length > 0) await this.relayReports(device, m);
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

  /** Relay health is a recent measurement: one not recorded is not worth refusing the stored sessions for. */
  private async relayReports(device: DeviceRecord, m: ZtnaSessionsMessage): Promise<void> {
    try {
      await this.ctx.ztna.relayReports(device, m.relays);
    } catch (err) {
      this.ctx.log.warn({ err, device: device.id }, 'relay reports not recorded');
    }
  }

  /**
   * An app connector's health is state: stored unless a newer report is (then a duplicate), and
   * the tenant's consoles hear of it through the connector's device row. A gateway that is no
   * connector (not made one yet, or no more) is acknowledged and nothing is stored.
   */
  private async connectorHealth(m: ConnectorHealthMessage): Promise<void> {
    const d = this.device;
    if (!d) return;
    const outcome = await this.ctx.ztna.connectorHealth(d, m);
    if (outcome === 'stored') await this.ctx.publishDevice(d);
    this.send({ type: 'ack', seq: m.seq, duplicate: outcome === 'older' });
  }

  /** The hosts a gateway sees: each the tenant's, seen last by this gateway (a report older than what is stored changes nothing). */
  private async nacHosts(m: NacHostsMessage): Promise<void> {
    if (!this.device) return;
    await this.ctx.ztna.nacHosts(this.device, m);
    this.send({ type: 'ack', seq: m.seq, duplicate: false });
  }

  /**
   * Closing a job is idempotent, so a result is applied whenever it comes (a late one too); it is a
   * duplicate when the job was closed already, and then its configuration hash is old news.
   */
  private async jobResult(r: JobResult): Promise<void> {
    if (!this.device) return;
    const closedNow = await completeJob(this.ctx.db, this.device.id, r.job_id, r.ok, r.output);
    if (closedNow && r.config_hash !== undefined) {
      this.device.appliedConfigHash = r.config_hash;
      await this.ctx.writer.writeState({ ...this.device });
    }
    this.send({ type: 'ack', seq: r.seq, duplicate: !closedNow });
  }

  /** A status snapshot (routes, interfaces, leases, tunnels): the newest of each kind is kept for the console. */
  private async statusSnapshot(m: StatusMessage): Promise<void> {
    if (!this.device) return;
    await saveStatusSnapshot(this.ctx.db, this.device.id, m.snapshot, new Date(m.at));
    this.send({ type: 'ack', seq: m.seq, duplicate: false });
  }

  /** The device undid a push it could not confirm; what it runs now is the hash it names. */
  private async configReverted(r: ConfigReverted): Promise<void> {
    if (!this.device) return;
    const recorded = await revertJob(this.ctx.db, this.device.id, r.job_id, `Reverted by the device: ${r.reason}`);
    if (recorded) {
      this.device.appliedConfigHash = r.config_hash;
      await this.ctx.writer.writeState({ ...this.device });
    }
    this.send({ type: 'ack', seq: r.seq, duplicate: !recorded });
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
      case 'job': {
        if (this.state !== 'live' || !this.device) return;
        const job = await findJob(this.ctx.db, m.job_id);
        if (!job || job.deviceId !== this.device.id) return;
        // A push carries the new desired configuration: from now on it is what drift is measured against.
        if (job.kind === 'apply_config' && typeof job.payload.config_hash === 'string') this.device.configHash = job.payload.config_hash;
        this.send({ type: 'job', job_id: job.id, kind: job.kind, payload: job.payload });
        return markJobsSent(this.ctx.db, [job.id]);
      }
      case 'deactivated':
        return this.close(AGENT_CLOSE.deactivated);
      case 'unclaimed':
        return this.close(AGENT_CLOSE.unclaimed);
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
    // A device that says goodbye (normal closure) is offline at once; a dropped one when it stays silent.
    if (code === 1000 && this.device) await this.ctx.goneOffline(this.device);
    // Dropped: the offline sweep judges its silence, on whichever instance sweeps.
    else if (this.device) this.ctx.observer.forget(this.device.id);
  }
}
