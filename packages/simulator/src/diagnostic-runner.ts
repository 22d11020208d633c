import type { DiagnosticPlan } from './diagnostic-plan';
import { sendArtifact, type RunnerHost } from './live-diagnostics';

export type { RunnerHost } from './live-diagnostics';

interface Running {
  stop(): void;
  cancel(): void;
}

/** Lines due within this many ms of each other go out as one piece. */
const BATCH_MS = 20;

/**
 * Plays diagnostics out in time on the device: each line as it comes (job_output, numbered per
 * job), then a capture's file in parts (job_artifact), then the answer (job_result). A stop from
 * the server ends it at once: the device prints what it has (a ping's statistics so far), says
 * it stopped, and uploads the packets captured until then.
 */
export class DiagnosticRunner {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly host: RunnerHost,
    private readonly now: () => number = Date.now,
  ) {}

  get busy(): number {
    return this.running.size;
  }

  start(jobId: string, plan: DiagnosticPlan): void {
    if (this.running.has(jobId)) return; // delivered again while running: it runs once
    const startedAt = this.now();
    const lines = [...plan.lines].sort((a, b) => a.atMs - b.atMs);
    let chunk = 0;
    let next = 0;
    let timer: NodeJS.Timeout | null = null;
    const output = (texts: string[]) => {
      if (texts.length) this.host.send({ type: 'job_output', job_id: jobId, chunk: chunk++, data: texts.map((t) => `${t}\n`).join('') });
    };
    const finish = (result: { ok: boolean; output: string }, elapsedMs: number) => {
      if (timer) clearTimeout(timer);
      this.running.delete(jobId);
      if (plan.file) this.upload(jobId, plan.file(elapsedMs).bytes);
      this.host.send({ type: 'job_result', job_id: jobId, ok: result.ok, output: result.output });
    };
    const tick = () => {
      const elapsed = this.now() - startedAt;
      const due: string[] = [];
      while (next < lines.length && lines[next]!.atMs <= elapsed + BATCH_MS) due.push(lines[next++]!.text);
      output(due);
      if (next >= lines.length) return finish(plan.result, Math.max(elapsed, lines[lines.length - 1]?.atMs ?? 0));
      timer = setTimeout(tick, Math.max(0, lines[next]!.atMs - (this.now() - startedAt)));
      timer.unref?.();
    };
    this.running.set(jobId, {
      stop: () => {
        const elapsed = this.now() - startedAt;
        output([...plan.stopped(elapsed), 'stopped on request']);
        finish({ ok: true, output: 'stopped on request' }, elapsed);
      },
      cancel: () => {
        if (timer) clearTimeout(timer);
        this.running.delete(jobId);
      },
    });
    tick();
  }

  /** The server asked it to stop (a person, or a limit): it stops and says so. */
  stop(jobId: string): void {
    this.running.get(jobId)?.stop();
  }

  /** The device goes down: its runs end with it, unanswered (the server's time limit ends them there). */
  clear(): void {
    for (const r of [...this.running.values()]) r.cancel();
  }

  private upload(jobId: string, bytes: Uint8Array): void {
    sendArtifact(this.host, jobId, bytes);
  }
}
