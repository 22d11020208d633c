import {
  diagnosticEndLine,
  diagnosticTimeLimitSeconds,
  THROUGHPUT_PEER_RULE,
  type DiagnosticParams,
  type DiagnosticRun,
  type ThroughputParams,
} from '@netloom/domain';
import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { audit, type Actor } from '../../http/access';
import { AppError, errors } from '../../http/errors';
import * as repo from './repo';
import { RunEvents, runOf, type DiagnosticJobs } from './runs';

const alreadyRunning = () => new AppError(409, 'diagnostic_running', 'A diagnostic is running on this device already: stop it or wait for it to end.');

/** `<device>-<time>.pcap`, with nothing in the name a file system or a header would choke on. */
function captureFileName(deviceName: string, startedAt: Date): string {
  const name = deviceName.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 64) || 'device';
  const time = startedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `${name}-${time}.pcap`;
}

/**
 * A gateway's diagnostics from the console: one run at a time per device, a device job whose
 * output streams back (DiagnosticIntake), ended by the device, by Stop, or by the server at its
 * time limit (a timer here, and a check whenever the run is read or written on any instance).
 */
export class DiagnosticsService {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  readonly events: RunEvents;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly jobs: DiagnosticJobs,
  ) {
    this.events = new RunEvents(db, bus, jobs);
  }

  private async gateway(actor: Actor, deviceId: string) {
    const device = await repo.findDevice(this.db, actor.scope.tenantId, deviceId);
    if (!device) throw errors.notFound();
    return device;
  }

  async start(actor: Actor, deviceId: string, params: DiagnosticParams): Promise<DiagnosticRun> {
    const device = await this.gateway(actor, deviceId);
    if (device.kind !== 'gateway') throw new AppError(409, 'not_gateway', 'Diagnostics run on gateways only.');
    if (!device.approved) throw new AppError(409, 'not_approved', 'The device is not approved yet.');
    // The device reaches the other end by the address the path names, as that gateway last reported it.
    const peer = params.kind === 'throughput' ? await this.peerOf(actor, deviceId, params) : undefined;
    await this.events.enforceDeadline(await repo.runningOf(this.db, deviceId));
    const limitS = diagnosticTimeLimitSeconds(params);
    const payload: Record<string, unknown> = { ...params, time_limit_s: limitS, ...(peer ? { peer } : {}) };
    let id: string;
    try {
      id = await this.db.transaction(async (tx) => {
        const [job] = await this.jobs.enqueue(tx, 'diagnostics', [{ tenantId: actor.scope.tenantId, deviceId, payload, createdBy: actor.userId }]);
        const startedAt = new Date();
        await repo.insertRun(tx, {
          id: job!.id,
          tenantId: actor.scope.tenantId,
          deviceId,
          kind: params.kind,
          params: { ...params },
          startedBy: actor.userId,
          startedByEmail: actor.email,
          startedAt,
          deadlineAt: new Date(startedAt.getTime() + limitS * 1000),
        });
        await audit(tx, actor, 'device.diagnostic', deviceId, { run_id: job!.id, ...params });
        return job!.id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw alreadyRunning();
      throw e;
    }
    await this.jobs.announce([{ id, deviceId }]);
    this.watch(id, limitS);
    const row = (await repo.findRun(this.db, { deviceId }, id))!;
    await this.events.run(row);
    return runOf(row);
  }

  /** The other end of a throughput test: another approved gateway of the tenant. */
  private async peerOf(actor: Actor, deviceId: string, params: ThroughputParams): Promise<{ name: string; address: string | null }> {
    const id = params.peer_device_id;
    const peer = id === deviceId ? undefined : await repo.findDevice(this.db, actor.scope.tenantId, id);
    if (!peer || peer.kind !== 'gateway' || !peer.approved) throw errors.invalid({ peer_device_id: [THROUGHPUT_PEER_RULE] });
    return { name: peer.name, address: params.path === 'overlay' ? peer.vpnIp : peer.publicIp };
  }

  /** The time limit on this instance; the device's own timer and every read and write check it too. */
  private watch(id: string, seconds: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(id);
      void this.events.limit(id, diagnosticEndLine.timeLimit(seconds)).catch(() => undefined);
    }, seconds * 1000);
    timer.unref();
    this.timers.set(id, timer);
  }

  /** The device's newest run, with its output so far (a page opened late, or reloaded). */
  async latest(actor: Actor, deviceId: string): Promise<{ run: DiagnosticRun | null }> {
    await this.gateway(actor, deviceId);
    const row = await this.events.enforceDeadline(await repo.latestRun(this.db, actor.scope.tenantId, deviceId));
    return { run: row ? runOf(row) : null };
  }

  async get(actor: Actor, deviceId: string, runId: string): Promise<DiagnosticRun> {
    await this.gateway(actor, deviceId);
    const row = await this.events.enforceDeadline(await repo.findRun(this.db, { tenantId: actor.scope.tenantId, deviceId }, runId));
    if (!row) throw errors.notFound();
    return runOf(row);
  }

  /**
   * Asks the device to stop; it stops, says so, and answers the job, which ends the run as
   * stopped. A job the device has not been sent yet (it is offline) is withdrawn and the run ends now.
   */
  async stop(actor: Actor, deviceId: string, runId: string): Promise<DiagnosticRun> {
    const run = await this.get(actor, deviceId, runId);
    if (run.state !== 'running') throw new AppError(409, 'not_running', 'This diagnostic has ended already.');
    const who = diagnosticEndLine.stopped(actor.email);
    const asked = await this.db.transaction(async (tx) => {
      if (!(await repo.markStopAsked(tx, runId, who))) return null;
      await audit(tx, actor, 'device.diagnostic_stopped', deviceId, { run_id: runId, kind: run.kind });
      if ((await this.jobs.states(tx, [runId])).get(runId)?.state !== 'queued') return { ended: undefined };
      await this.jobs.withdraw(tx, [runId], who);
      return { ended: await repo.endRun(tx, runId, 'stopped', who) };
    });
    if (!asked) throw new AppError(409, 'not_running', 'This diagnostic has ended already.');
    if (asked.ended) {
      await this.events.ended(asked.ended, who);
      return runOf(asked.ended);
    }
    await this.bus.publish(topics.device(deviceId), { kind: 'job_stop', job_id: runId, reason: who });
    return run;
  }

  /** A capture's pcap file and the name to save it under. */
  async capture(actor: Actor, deviceId: string, runId: string): Promise<{ file: Buffer; name: string }> {
    const device = await this.gateway(actor, deviceId);
    const row = await repo.findRun(this.db, { tenantId: actor.scope.tenantId, deviceId }, runId);
    const file = row && (await repo.findArtifact(this.db, actor.scope.tenantId, deviceId, runId));
    if (!row || !file) throw errors.notFound('This run has no capture file.');
    return { file, name: captureFileName(device.name, row.startedAt) };
  }

  /**
   * Ends the runs past their time limit that no timer ended (the instance that started them
   * restarted): their consoles see the limit's line and the device is told to stop. Answers how many.
   */
  async endOverdue(now = new Date()): Promise<number> {
    const overdue = await repo.overdueRuns(this.db, now);
    for (const run of overdue) await this.events.enforceDeadline(run, now);
    return overdue.length;
  }

  /** On close: no timer keeps a stopped server's promises. */
  stopTimers(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
