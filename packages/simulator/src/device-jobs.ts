import { STATUS_KINDS, diagnosticParamsSchema, type ServerMessage, type StatusKind, type StatusSnapshot } from '@netloom/domain';
import type { ApplyOutcome } from './running-config';

export type Job = Extract<ServerMessage, { type: 'job' }>;

const isStatusKind = (v: unknown): v is StatusKind => (STATUS_KINDS as readonly unknown[]).includes(v);

/** What a job needs of the device that runs it. */
export interface JobHost {
  /** Sends a message on the management connection; its sequence number. */
  send(body: Record<string, unknown>): number;
  /** Resolves when the server acknowledges the message (or after a timeout, or when the connection drops). */
  waitAck(seq: number): Promise<void>;
  /** Told when the server acknowledged the answer to a job; only waited for when someone listens (bench:config's round trip). */
  answered?: (jobId: string, ok: boolean) => void;
  /** Goes down and comes back a little later, if still connected. */
  reboot(): void;
  /** Takes a configuration push (confirm-or-revert included) and runs it when it holds. */
  applyPush(jobId: string, payload: Record<string, unknown>): ApplyOutcome | Promise<ApplyOutcome>;
  /** Its state of a kind now (a real box reads its kernel first). */
  snapshot(kind: StatusKind): StatusSnapshot | Promise<StatusSnapshot>;
  diagnostics(): string;
  /** Starts a diagnostic that streams its output (a gateway's ping, capture…); false: this device runs none. */
  runDiagnostic?(jobId: string, payload: Record<string, unknown>): boolean;
  /** Runs a vulnerability test (a WAF edge) to its end, stop or limit; null: this device runs none (or the job is malformed). */
  vulnTest?(jobId: string, payload: Record<string, unknown>): Promise<{ ok: boolean; output: string }> | null;
}

/**
 * Runs one job from the server and answers it with a job_result. Delivery is at least once:
 * a configuration delivered twice is applied twice to the same effect, and one undone by
 * confirm-or-revert is refused.
 */
export async function runJob(m: Job, host: JobHost): Promise<void> {
  const result = (ok: boolean, output: string, configHash?: string) =>
    host.send({ type: 'job_result', job_id: m.job_id, ok, output, ...(configHash ? { config_hash: configHash } : {}) });
  const answer = (ok: boolean, output: string, configHash?: string) => {
    const seq = result(ok, output, configHash);
    if (host.answered) void host.waitAck(seq).then(() => host.answered?.(m.job_id, ok));
  };
  switch (m.kind) {
    case 'reboot':
      // Acknowledged before going down, so the console sees the job done rather than lost.
      await host.waitAck(result(true, 'rebooting'));
      host.reboot();
      return;
    case 'apply_config':
    case 'full_sync': {
      const outcome = await host.applyPush(m.job_id, m.payload);
      if (!outcome.ok) return answer(false, outcome.error);
      answer(true, `${m.kind === 'full_sync' ? 'full configuration' : 'configuration'} applied`, outcome.hash);
      return;
    }
    case 'status': {
      const kind = m.payload.kind;
      if (!isStatusKind(kind)) return answer(false, `unknown status kind ${String(kind)}`);
      const snapshot = await host.snapshot(kind);
      host.send({ type: 'status', job_id: m.job_id, at: new Date().toISOString(), snapshot });
      answer(true, 'status sent');
      return;
    }
    case 'diagnostics': {
      // A diagnostic of the console's (it names its kind) plays out over time and answers itself.
      if (diagnosticParamsSchema.safeParse(m.payload).success) {
        if (!host.runDiagnostic?.(m.job_id, m.payload)) answer(false, 'this device runs no diagnostics');
        return;
      }
      result(true, host.diagnostics());
      return;
    }
    case 'waf_vuln_test': {
      const running = host.vulnTest?.(m.job_id, m.payload);
      if (!running) return answer(false, 'this device runs no vulnerability tests');
      const done = await running;
      answer(done.ok, done.output);
      return;
    }
    default:
      result(false, `unsupported job ${String(m.kind)}`);
  }
}
