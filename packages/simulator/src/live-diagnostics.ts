import { ARTIFACT_PART_BYTES } from '@netloom/domain';

/** What a running diagnostic needs of its device. */
export interface RunnerHost {
  /** Sends a message on the management connection; its sequence number. */
  send(body: Record<string, unknown>): number;
}

/** Output under the protocol's limit per message (job_output's data). */
const OUTPUT_PART_CHARS = 16_000;

/** What a diagnostic running as a process of the box (the agent's ping, tcpdump…) tells as it runs. */
export interface DiagnosticIo {
  /** Text it printed, as it printed it. */
  output(text: string): void;
  /** Its answer, with the file it leaves (a capture): the run ends here. */
  done(result: { ok: boolean; output: string }, file?: Uint8Array): void;
}

/** A diagnostic running on the box. */
export interface LiveDiagnostic {
  /** The server asked it to stop: it ends soon after and answers through `done`. */
  stop(): void;
  /** The connection went: it ends without a word (the server's time limit closes the run). */
  cancel(): void;
}

/** A capture's file in parts of ARTIFACT_PART_BYTES, the last one marked. */
export function sendArtifact(host: RunnerHost, jobId: string, bytes: Uint8Array): void {
  for (let offset = 0; offset < bytes.length || offset === 0; offset += ARTIFACT_PART_BYTES) {
    const part = bytes.subarray(offset, offset + ARTIFACT_PART_BYTES);
    const last = offset + ARTIFACT_PART_BYTES >= bytes.length;
    host.send({ type: 'job_artifact', job_id: jobId, offset, data: Buffer.from(part).toString('base64'), last });
    if (last) return;
  }
}

/**
 * Diagnostics a real box runs as processes: what they print goes out as it comes (job_output,
 * numbered per job), then the file they leave (job_artifact), then their answer (job_result).
 */
export class LiveDiagnostics {
  private readonly running = new Map<string, LiveDiagnostic>();

  constructor(private readonly host: RunnerHost) {}

  /** Starts it unless it runs already (delivered again: it runs once); false when the box cannot run it. */
  start(jobId: string, begin: (io: DiagnosticIo) => LiveDiagnostic | null): boolean {
    if (this.running.has(jobId)) return true;
    let chunk = 0;
    let ended = false;
    const io: DiagnosticIo = {
      output: (text) => {
        for (let i = 0; !ended && i < text.length; i += OUTPUT_PART_CHARS) {
          this.host.send({ type: 'job_output', job_id: jobId, chunk: chunk++, data: text.slice(i, i + OUTPUT_PART_CHARS) });
        }
      },
      done: (result, file) => {
        if (ended) return;
        ended = true;
        this.running.delete(jobId);
        if (file) sendArtifact(this.host, jobId, file);
        this.host.send({ type: 'job_result', job_id: jobId, ok: result.ok, output: result.output.slice(0, 10_000) });
      },
    };
    const run = begin(io);
    if (run && !ended) this.running.set(jobId, run);
    return run !== null;
  }

  stop(jobId: string): void {
    this.running.get(jobId)?.stop();
  }

  clear(): void {
    for (const r of this.running.values()) r.cancel();
    this.running.clear();
  }
}
