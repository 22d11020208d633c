import {
  planVulnProbes,
  vulnInputProblem,
  ERROR_CODES,
  WAF_VULN_LIMITS,
  wafApiOperationSchema,
  wafVulnProgressSchema,
  wafVulnReportSchema,
  type JobOutput,
  type WafApiOperation,
  type WafTestedVulnerability,
  type WafVulnJob,
  type WafVulnRun,
  type WafVulnRunDetail,
  type WafVulnTestInput,
} from '@netloom/domain';
import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { audit, type Actor } from '../../http/access';
import { AppError, errors } from '../../http/errors';
import type { ClosedJob, JobOwner, JobQueue, SentJob } from '../jobs/index';
import * as repo from './repo';
import * as vulnRepo from './vuln-test-repo';

/** What of the job queue vulnerability tests use. */
export type VulnTestJobs = Pick<JobQueue, 'enqueue' | 'announce' | 'withdraw' | 'states'>;

const refused = (code: string, detail: string) => new AppError(409, code, detail);
const unprocessable = (field: string, message: string) => new AppError(422, ERROR_CODES.validation, 'Invalid input.', { [field]: [message] });
/** Past its deadline the server stops waiting for the edge's answer. */
const ANSWER_GRACE_S = 60;

function runOf(r: vulnRepo.VulnTestView): WafVulnRun {
  return {
    id: r.id,
    application_id: r.applicationId,
    application: r.application,
    edge_id: r.edgeId,
    edge: r.edge,
    checks: r.checks,
    rate_per_s: r.ratePerS,
    state: r.state,
    planned: r.planned,
    sent: r.state === 'queued' ? 0 : r.sent,
    findings: r.findings.length + r.leftOut,
    accounts: { a: r.accounts.a ? 'set' : null, b: r.accounts.b ? 'set' : null },
    started_by: r.startedBy,
    started_at: r.startedAt.toISOString(),
    ended_at: r.endedAt?.toISOString() ?? null,
    end_reason: r.state === 'queued' || r.state === 'running' ? null : r.endReason,
  };
}

/** The document's operations as the contract has them (a document stored before it was read into one: method and path only). */
const operationsOf = (ops: unknown[]): WafApiOperation[] =>
  ops.flatMap((o) => {
    const parsed = wafApiOperationSchema.safeParse(o);
    return parsed.success ? [parsed.data] : [];
  });

/**
 * API security's vulnerability tests: an owner or admin starts one on an application the
 * organisation proved it owns (its DNS check) and documented, from one of the edges serving it;
 * the plan goes to that edge as a device job, which probes the origin and answers its findings.
 * One open run per application; a cancel withdraws a job not yet sent, or tells the edge to stop.
 */
export class WafVulnTestService implements JobOwner {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly jobs: VulnTestJobs,
  ) {}

  async start(actor: Actor, input: WafVulnTestInput): Promise<WafVulnRunDetail> {
    const problem = vulnInputProblem(input);
    if (problem) throw errors.invalid({ [problem.field]: [problem.message] });
    const app = await repo.findApplication(this.db, actor.scope.tenantId, input.application_id);
    if (!app) throw unprocessable('application_id', 'Not one of the organisation’s applications');
    const edges = await repo.listEdges(this.db, actor.scope.tenantId);
    if (!edges.some((e) => e.id === input.edge_id)) throw unprocessable('edge_id', 'Not one of the organisation’s WAF edges');
    if (app.dnsVerified !== true) {
      throw refused('dns_not_verified', 'Only an application whose DNS check passed (proving the organisation owns its domains) may be tested.');
    }
    const doc = await repo.findApiDocument(this.db, actor.scope.tenantId, app.id);
    if (!doc) throw refused('no_document', 'The application has no OpenAPI document: upload one first, the test probes its documented operations.');
    if (!app.edgeIds.includes(input.edge_id)) throw refused('edge_not_serving', 'This edge does not serve the application: choose one of its edges.');
    const plan = planVulnProbes(operationsOf(doc.operations), input);
    if (plan.length === 0) throw refused('nothing_to_test', 'The document has no read (GET) operation these checks can probe.');
    const timeLimitS = Math.min(WAF_VULN_LIMITS.time_limit_s, Math.ceil(plan.length / input.rate_per_s) + 30);
    const accounts = { a: input.account_a ? { secret: input.account_a } : null, b: input.account_b ? { secret: input.account_b } : null };
    const job: WafVulnJob = {
      application_id: app.id,
      origin: app.origins[0]!.url,
      host: app.domains[0]!,
      plan,
      rate_per_s: input.rate_per_s,
      time_limit_s: timeLimitS,
      accounts,
    };
    let id: string;
    try {
      id = await this.db.transaction(async (tx) => {
        const [queued] = await this.jobs.enqueue(tx, 'vulnTesting', [
          { tenantId: actor.scope.tenantId, deviceId: input.edge_id, payload: job, createdBy: actor.userId },
        ]);
        const startedAt = new Date();
        await vulnRepo.insertRun(tx, {
          id: queued!.id,
          tenantId: actor.scope.tenantId,
          applicationId: app.id,
          edgeId: input.edge_id,
          checks: input.checks,
          ratePerS: input.rate_per_s,
          samples: input.sample_params,
          accounts,
          planned: plan.length,
          startedBy: actor.email,
          startedAt,
          deadlineAt: new Date(startedAt.getTime() + (timeLimitS + ANSWER_GRACE_S) * 1000),
        });
        // The accounts are never written to the audit: only whether they were given.
        await audit(tx, actor, 'waf_vuln_test_started', app.id, {
          run_id: queued!.id,
          edge_id: input.edge_id,
          checks: input.checks,
          rate_per_s: input.rate_per_s,
          planned: plan.length,
          accounts: { a: !!input.account_a, b: !!input.account_b },
        });
        return queued!.id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw refused('vuln_test_running', 'A test of this application is running already: cancel it or wait for it to end.');
      throw e;
    }
    await this.jobs.announce([{ id, deviceId: input.edge_id }]);
    return this.get(actor, id);
  }

  async list(actor: Actor): Promise<WafVulnRun[]> {
    await this.endOverdue(actor.scope.tenantId);
    return (await vulnRepo.listRuns(this.db, actor.scope.tenantId)).map(runOf);
  }

  async get(actor: Actor, id: string): Promise<WafVulnRunDetail> {
    await this.endOverdue(actor.scope.tenantId);
    const row = await vulnRepo.findRun(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    return { ...runOf(row), found: row.findings, left_out: row.leftOut };
  }

  /** Cancels an open run: a job not sent yet is withdrawn (the run ends now), a running edge is told to stop and answers what it found. */
  async cancel(actor: Actor, id: string): Promise<WafVulnRunDetail> {
    const run = await this.get(actor, id);
    if (run.state !== 'queued' && run.state !== 'running') throw refused('not_running', 'This test has ended already.');
    const reason = `Cancelled by ${actor.email ?? 'a user'}`;
    const asked = await this.db.transaction(async (tx) => {
      if (!(await vulnRepo.markCancelAsked(tx, id, reason))) return null;
      await audit(tx, actor, 'waf_vuln_test_cancelled', run.application_id, { run_id: id });
      if ((await this.jobs.states(tx, [id])).get(id)?.state === 'queued') {
        await this.jobs.withdraw(tx, [id], reason);
        return { withdrawn: true };
      }
      return { withdrawn: false };
    });
    if (!asked) throw refused('not_running', 'This test has ended already.');
    if (!asked.withdrawn) await this.bus.publish(topics.device(run.edge_id), { kind: 'job_stop', job_id: id, reason });
    return this.get(actor, id);
  }

  /** events/vulnerabilities' findings by testing: each application's newest finished run's. */
  async tested(actor: Actor): Promise<WafTestedVulnerability[]> {
    const runs = await vulnRepo.newestFindings(this.db, actor.scope.tenantId);
    return runs.flatMap((r) =>
      r.findings.map((f) => ({
        ...f,
        application_id: r.applicationId,
        application: r.application,
        run_id: r.id,
        tested_at: (r.endedAt ?? r.startedAt).toISOString(),
      })),
    );
  }

  /** Runs the edge never answered (offline, restarted) end as failed once past their deadline. */
  private async endOverdue(tenantId: string): Promise<void> {
    const overdue = await vulnRepo.overdueRuns(this.db, tenantId, new Date());
    if (overdue.length === 0) return;
    await this.db.transaction(async (tx) => {
      const ids = overdue.map((o) => o.id);
      for (const o of overdue) await vulnRepo.endRun(tx, o.id, { state: 'failed', endReason: 'The edge did not answer within the test’s time limit' });
      await this.jobs.withdraw(tx, ids, 'past its time limit');
    });
  }

  /** A running test's progress from its edge (a job_output): true kept, false past the run's end, null when it is no test's. */
  async progress(deviceId: string, m: JobOutput): Promise<boolean | null> {
    const said = wafVulnProgressSchema.safeParse(safeJson(m.data));
    return vulnRepo.recordProgress(this.db, deviceId, m.job_id, said.success ? said.data.sent : 0);
  }

  async sent(jobs: SentJob[]): Promise<void> {
    await vulnRepo.markRunning(
      this.db,
      jobs.map((j) => j.id),
    );
  }

  /** The edge answered (or the job was withdrawn): the run ends with its report. */
  async closed(tx: Db, jobs: ClosedJob[]): Promise<void> {
    for (const job of jobs) {
      const run = await vulnRepo.findRun(tx, job.tenantId, job.id);
      if (!run || (run.state !== 'queued' && run.state !== 'running')) continue;
      const cancelled = run.endReason;
      if (job.state === 'cancelled') {
        await vulnRepo.endRun(tx, job.id, { state: 'cancelled', endReason: cancelled ?? job.result ?? 'Cancelled' });
        continue;
      }
      const report = job.state === 'done' ? wafVulnReportSchema.safeParse(safeJson(job.result)) : null;
      if (!report?.success) {
        await vulnRepo.endRun(tx, job.id, { state: 'failed', endReason: job.result?.slice(0, 500) || 'The edge could not run the test' });
        continue;
      }
      const r = report.data;
      await vulnRepo.endRun(tx, job.id, {
        state: cancelled ? 'cancelled' : 'done',
        endReason: cancelled ?? (r.stopped ? `Stopped: ${r.stopped}` : `${r.sent} requests sent`),
        sent: r.sent,
        findings: r.findings,
        leftOut: r.left_out,
      });
    }
  }
}

function safeJson(text: string | null): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return null;
  }
}
