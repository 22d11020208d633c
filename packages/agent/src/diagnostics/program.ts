import { spawn } from 'node:child_process';
import type { DiagnosticIo, LiveDiagnostic } from '@netloom/simulator';

/** What the console shows past this much text of one run (the server stops a run at 256 KB). */
export const OUTPUT_LIMIT_CHARS = 192 * 1024;
/** What a stopped run says last, and answers: the same words as a simulated gateway's. */
export const STOPPED = 'stopped on request';
/** A program asked to stop (SIGINT) that has not ended by then is killed. */
const KILL_AFTER_MS = 3_000;
/** Lines kept for reading the answer: a program's summary is at its end (and its header at its start). */
const TAIL_LINES = 64;

export interface Exit {
  code: number | null;
  /** Its first line and its last ones, stdout and stderr in the order they came. */
  head: string | undefined;
  tail: string[];
  /** It was stopped: by the console, or by its own time limit. */
  stopped: boolean;
  /** The console asked it to stop. */
  asked: boolean;
}

interface Answer {
  ok: boolean;
  output: string;
  /** Lines to print before the answer (a capture's count). */
  lines?: string[];
  /** The file it leaves (a capture's pcap). */
  file?: Uint8Array;
}

export interface ProgramSpec {
  command: string;
  args: readonly string[];
  /** After this it is stopped as if the console had asked (it prints what it has). */
  limitMs: number;
  /** Each line as printed: what the console sees of it (null: nothing). */
  show?(line: string): string | null;
  /** Its answer once it has exited, from what it printed. */
  answer(exit: Exit): Answer | Promise<Answer>;
  /** Checked every 250 ms while it runs: true asks it to stop (a capture grown past its bytes). */
  full?(): boolean;
  /** After the answer, or after a cancel: its files go. */
  cleanup?(): void;
}

/**
 * Runs one of the box's programs for a diagnostic, never through a shell: what it prints is
 * streamed as lines, bounded in time and size. A stop is SIGINT (ping and tcpdump print their
 * statistics on it), then SIGKILL if it lingers; a cancel kills it without a word.
 */
export function runProgram(spec: ProgramSpec, io: DiagnosticIo): LiveDiagnostic {
  const child = spawn(spec.command, spec.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let head: string | undefined;
  const tail: string[] = [];
  let shown = 0;
  let stopped = false;
  let cancelled = false;
  let killTimer: NodeJS.Timeout | null = null;
  const partial = { stdout: '', stderr: '' };

  const print = (lines: string[]) => {
    const text = lines.map((l) => `${l}\n`).join('');
    if (!text || cancelled) return;
    if (shown + text.length <= OUTPUT_LIMIT_CHARS) io.output(text);
    else if (shown <= OUTPUT_LIMIT_CHARS) io.output('(output limit reached: the rest is not shown)\n');
    shown += text.length;
  };
  const take = (stream: 'stdout' | 'stderr', data: string) => {
    const parts = (partial[stream] + data).split('\n');
    // A line without its end yet waits, unless it grows past reason (a program printing no newline).
    partial[stream] = parts.pop()!;
    if (partial[stream].length > 4096) {
      parts.push(partial[stream].slice(0, 4096));
      partial[stream] = '';
    }
    const visible: string[] = [];
    for (const line of parts) {
      head ??= line;
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      const seen = spec.show ? spec.show(line) : line;
      if (seen !== null) visible.push(seen);
    }
    print(visible);
  };
  // Decoded by the stream, so that a character split across two reads arrives whole.
  child.stdout.setEncoding('utf8').on('data', (d: string) => take('stdout', d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => take('stderr', d));

  const interrupt = () => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGINT');
    killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    killTimer.unref();
  };
  const limit = setTimeout(interrupt, spec.limitMs);
  limit.unref();
  const watch = spec.full ? setInterval(() => spec.full!() && interrupt(), 250) : null;
  watch?.unref();
  let asked = false;

  const end = () => {
    clearTimeout(limit);
    if (watch) clearInterval(watch);
    if (killTimer) clearTimeout(killTimer);
  };
  // A program that could not start says so here, and 'close' follows: it answers once.
  let failed = false;
  child.on('error', (err: NodeJS.ErrnoException) => {
    failed = true;
    end();
    if (cancelled) return spec.cleanup?.();
    const output = err.code === 'ENOENT' ? `this host has no ${spec.command}` : `${spec.command}: ${err.message}`;
    print([output]);
    io.done({ ok: false, output });
    spec.cleanup?.();
  });
  child.on('close', (code) => {
    end();
    if (failed) return;
    if (cancelled) return spec.cleanup?.();
    for (const stream of ['stdout', 'stderr'] as const) if (partial[stream]) take(stream, '\n');
    const byRequest = asked;
    Promise.resolve()
      .then(() => spec.answer({ code, head, tail, stopped, asked: byRequest }))
      .catch((err: Error) => ({ ok: false, output: `${spec.command}: ${err.message}` }) as Answer)
      .then((a) => {
        if (cancelled) return;
        print([...(a.lines ?? []), ...(byRequest ? [STOPPED] : [])]);
        io.done(byRequest ? { ok: true, output: STOPPED } : { ok: a.ok, output: a.output }, a.file);
      })
      .finally(() => spec.cleanup?.());
  });

  return {
    stop: () => {
      asked = true;
      interrupt();
    },
    cancel: () => {
      cancelled = true;
      end();
      child.kill('SIGKILL');
    },
  };
}
